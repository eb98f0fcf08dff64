import Foundation
import RuleRegex
import RuleRuntime
import RuleSpec

extension Sema {
    /// Checks a `match` statement: the matcher, and what its templates may refer to.
    mutating func checkMatcher(_ m: MatcherDecl, span: SourceSpan, rule: String, in file: SourceFile)
        -> (CheckedMatcher, CaptureScope, [String: Int])?
    {
        switch m {
        case .regex(let pattern, let patternSpan, let flagText, let flagsSpan):
            var flags: RegexFlags = []
            var ok = true
            for (i, c) in flagText.unicodeScalars.enumerated() {
                guard let flag = RegexFlags(letters: String(c)) else {
                    error(
                        .invalidPattern, "unknown pattern flag '\(c)' (flags are i, m, s, x)", file,
                        flagsSpan.subspan(offset: i, length: 1))
                    ok = false
                    continue
                }
                flags.formUnion(flag)
            }
            guard let ast = checkPattern(pattern, flags: flags, span: patternSpan, rule: rule, in: file), ok else { return nil }
            let checked = CheckedPattern(pattern: pattern, flags: flags, detector: nil, ast: ast, site: ref(file, patternSpan))
            let scope = CaptureScope(
                maxGroup: ast.captureCount, names: Set(ast.captureNames.keys),
                what: "the pattern names " + ast.captureNames.keys.sorted().map { "'\($0)'" }.joined(separator: ", "))
            return (.regex(checked), scope, ast.captureNames)
        case .detector(let kind, let schemeLiterals):
            guard var detector = Detectors.all[kind.name] else {
                let kinds = Detectors.all.keys.sorted()
                error(
                    .invalidValue,
                    "unknown detector '\(kind.name)'\(Spelling.hint(kind.name, kinds)) (detectors are \(kinds.joined(separator: ", ")))",
                    file, kind.span)
                return nil
            }
            if !schemeLiterals.isEmpty {
                guard kind.name == "link" else {
                    error(.invalidValue, "only detector(link) takes 'schemes'", file, schemeLiterals[0].span)
                    return nil
                }
                var schemes: [String] = []
                for literal in schemeLiterals {
                    guard let scheme = literal.plainText, Detectors.isScheme(scheme) else {
                        error(
                            .invalidValue,
                            "a scheme is a letter, then letters, digits, '+', '.' or '-' (as 'https' or 'git+ssh'), without '://'",
                            file, literal.span)
                        return nil
                    }
                    schemes.append(scheme.lowercased())
                }
                detector.pattern = Detectors.link(schemes: schemes)
            }
            let flags = RegexFlags(letters: detector.flags) ?? []
            // Curated patterns: they parse (DetectorTests), so a failure here is a bug.
            guard let ast = try? RegexParser.parse(detector.pattern, flags: flags) else {
                error(.invalidPattern, "internal error: detector '\(kind.name)' does not parse", file, kind.span)
                return nil
            }
            let checked = CheckedPattern(
                pattern: detector.pattern, flags: flags, detector: kind.name, ast: ast, site: ref(file, kind.span))
            let fields = DetectorFields.names[kind.name] ?? []
            let scope = CaptureScope(
                maxGroup: 0, names: Set(fields),
                what: "detector(\(kind.name)) gives " + fields.map { "${\($0)}" }.joined(separator: ", ") + " besides $0")
            return (.regex(checked), scope, [:])
        case .prefix(let literal):
            guard let prefix = literal.plainText, !prefix.isEmpty, !prefix.unicodeScalars.contains(where: \.properties.isWhitespace) else {
                error(.invalidValue, "a prefix must be non-empty plain text without spaces or '$' references", file, literal.span)
                return nil
            }
            return (.prefix(prefix), CaptureScope(maxGroup: 0, names: [], what: ""), [:])
        case .entity:
            return (.entity, CaptureScope(maxGroup: 0, names: [], what: "an entity has only $0 (the reference as written)"), [:])
        case .element(let name, let attributes, let isVoid):
            var ok = true
            if name.name == "*", isVoid {
                error(
                    .invalidValue, "the catch-all element is paired ('tag <*>'): it shows the content of tags no rule names", file,
                    name.span)
                ok = false
            } else if name.name != "*",
                !name.name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil) })
            {
                error(.invalidName, "an element name is ASCII letters and digits", file, name.span)
                ok = false
            }
            var seen: Set<String> = []
            let fields: Set<String> = ["text", "name", "index"]
            for attribute in attributes {
                let lower = attribute.name.lowercased()
                if !seen.insert(lower).inserted {
                    error(.duplicate, "attribute '\(attribute.name)' is listed twice", file, attribute.span)
                } else if fields.contains(lower) {
                    error(
                        .invalidName, "'\(lower)' is a tag field (text, name, index) and cannot be an attribute name", file,
                        attribute.span)
                }
            }
            guard ok else { return nil }
            let names = fields.union(seen)
            let scope = CaptureScope(
                maxGroup: 0, names: names,
                what: "tag fields: text, name, index; declared attributes: "
                    + (seen.isEmpty ? "none (list them as 'tag <a href>')" : seen.sorted().joined(separator: ", ")))
            return (.element(name: name.name.lowercased(), attributes: attributes.map { $0.name.lowercased() }, isVoid: isVoid), scope, [:])
        }
    }

    /// Parses a pattern, reporting the first syntax error at its column, and rejects
    /// patterns that can match the empty string.
    mutating func checkPattern(_ pattern: String, flags: RegexFlags, span: SourceSpan, rule: String, in file: SourceFile) -> RegexAST? {
        if pattern.isEmpty {
            error(.invalidPattern, "empty pattern", file, span.union(SourceSpan(start: span.start - 1, end: span.end + 1)))
            return nil
        }
        let ast: RegexAST
        do {
            ast = try RegexParser.parse(pattern, flags: flags)
        } catch {
            let length = max(1, min(error.length, span.length - error.offset))
            self.error(
                .invalidPattern, "invalid pattern: \(error.message)", file,
                span.subspan(offset: min(error.offset, span.length), length: length))
            return nil
        }
        if (try? NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions)) == nil {
            error(.invalidPattern, "invalid pattern: ICU rejects it", file, span)
            return nil
        }
        if ast.canMatchEmpty {
            if let group = ast.emptyMatchAssumption {
                error(
                    .emptyMatch,
                    "rule '\(rule)' may match the empty string: whether the back-reference to group \(group) can be empty depends "
                        + "on what earlier iterations of its loop captured, which this check cannot tell; make every path consume "
                        + "at least one character",
                    file, span)
            } else {
                error(
                    .emptyMatch,
                    "rule '\(rule)' can match the empty string; make it consume at least one character (e.g. '+' instead of '*')",
                    file, span)
            }
            return nil
        }
        return ast
    }
}
