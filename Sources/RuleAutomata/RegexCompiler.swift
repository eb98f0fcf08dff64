// The facade of the regex automata: pattern in, program (or the reason there is none) out.

import RuleRegex

/// The outcome of compiling a regex rule's pattern.
package enum RegexCompilation: Sendable {
    /// A program that gives exactly NSRegularExpression's matches.
    case program(RegexProgram)
    /// The pattern is valid but uses `construct`, starting at `offset` (Unicode scalars into
    /// the pattern), which no automaton expresses exactly; the rule falls back to
    /// NSRegularExpression.
    case fallback(construct: String, offset: Int)
    /// NSRegularExpression would reject the pattern.
    case invalid(RegexSyntaxError)
}

/// Compiles ICU regular expressions into `RegexProgram`s.
public enum RegexCompiler {
    /// Compiles `pattern` with `flags`: parse (`RegexParser`), lower to the IR with ICU's
    /// semantics, prove atomic groups and possessive quantifiers redundant, and build the
    /// Thompson program.
    package static func compile(_ pattern: String, flags: RegexFlags) -> RegexCompilation {
        let ast: RegexAST
        do {
            ast = try RegexParser.parse(pattern, flags: flags)
        } catch {
            return .invalid(error)
        }
        return compile(ast, pattern: pattern)
    }

    /// Compiles a pattern already parsed (`ast` of `pattern`), as Sema parsed it.
    package static func compile(_ ast: RegexAST, pattern: String) -> RegexCompilation {
        switch lowered(ast, pattern: pattern) {
        case .success(let lowered):
            return .program(lowered.ir.compiled(captureCount: ast.captureCount, startFilter: lowered.startFilter))
        case .failure(let fallback):
            return .fallback(construct: fallback.construct, offset: fallback.offset)
        }
    }

    /// A construct no automaton expresses exactly, and where it starts in the pattern.
    package struct Fallback: Error, Equatable {
        package var construct: String
        package var offset: Int
    }

    /// The IR of a parsed pattern (lowered, atomic groups resolved) and where its matches
    /// may start, or the construct that keeps it on NSRegularExpression.
    package static func lowered(
        _ ast: RegexAST, pattern: String
    ) -> Result<(ir: RegexIR, startFilter: RegexProgram.StartFilter), Fallback> {
        // Atomic groups and possessive quantifiers may still compile (see IR+Atomic.swift).
        let rewritable: Set<String> = ["atomic group", "possessive quantifier"]
        if let construct = ast.unsupportedConstructs.first(where: { !rewritable.contains($0.name) }) {
            return .failure(Fallback(construct: construct.name, offset: construct.offset))
        }
        var lowering = Lowering(pattern: pattern)
        do {
            let ir = try lowering.lower(ast.root)
            let filter = try lowering.startFilter(for: ast.root)
            do {
                return .success((try ir.resolvingAtomicGroups(), filter))
            } catch {
                let site = lowering.atomicSites[error.site]
                return .failure(Fallback(construct: site.construct, offset: site.offset))
            }
        } catch {
            return .failure(Fallback(construct: error.construct, offset: error.offset))
        }
    }

    /// The program of a piece of a parsed pattern (`node`, a part of `ast`'s tree): what the
    /// piece matches on its own, as it does in place, its assertions reading the text
    /// around it. It may start anywhere (no start filter); `nil` when it has no program.
    package static func compilePiece(_ node: RegexNode, of ast: RegexAST, pattern: String) -> RegexProgram? {
        var lowering = Lowering(pattern: pattern)
        guard let ir = try? lowering.lower(node), let resolved = try? ir.resolvingAtomicGroups() else { return nil }
        return resolved.compiled(captureCount: ast.captureCount, startFilter: .anywhere)
    }
}
