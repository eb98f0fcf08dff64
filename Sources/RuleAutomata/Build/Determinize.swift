import RuleRegex

/// Builds the leftmost-first DFA of a program (see `DFATable` for what a state holds).
///
/// Note: the construction replays the Pike VM exactly. A state's kernel is the ordered
/// list of threads waiting before the next code point, with `restart` (-1) last while no
/// match has been found. On a class, the epsilon closure of the kernel is taken in
/// priority order with every state visited once (assertions decided with the look-behind
/// context and the class), `restart` expanding to the closure of the program's start;
/// consuming threads that accept the class give the next kernel in order; reaching
/// `match` marks "a match ends before this code point" and cuts every lower-priority
/// thread, `restart` included.
///
/// With `allMatches`, nothing is cut: every thread goes on after a `match`, so an anchored
/// run records every end that some path of the program reaches (the conflict analysis's
/// pieces of a pattern, which must accept whatever the piece consumes in a real match).
/// Thread order then means nothing, and kernels are kept sorted.
package struct Determinizer {
    package let program: RegexProgram
    package let alphabet: Alphabet
    /// Distinct (word, ignorable) set pairs of the boundary assertions.
    package let pairs: [(word: Int, ignorable: Int)]
    /// Flags per input class (base classes, then final variants of terminator classes).
    package var classFlags: [UInt32] = []
    /// Base class of every input class.
    package var baseOf: [Int] = []
    /// `accepts[set][baseClass]`.
    package var accepts: [[Bool]] = []

    package struct Key: Hashable {
        package var kernel: [Int32]
        package var context: Int
        /// In oracle mode, the answers of the position's evaluated tests (`Oracle`), once
        /// known: a state whose closure asks them is split into one state per answer.
        package var look: UInt64 = 0

        package init(kernel: [Int32], context: Int, look: UInt64 = 0) {
            self.kernel = kernel
            self.context = context
            self.look = look
        }
    }

    package var ids: [Key: Int32] = [:]
    package var keys: [Key] = []
    package var transitions: [Int32] = []
    package var stateFlags: [UInt8] = []
    package let maxStates: Int
    package let maxCells: Int
    /// Every path's match ends are recorded (no thread is cut at a `match`).
    package private(set) var allMatches: Bool
    /// Lookarounds with bodies, grapheme boundaries and `(?w)` word boundaries are decided
    /// by answers the search gives per position (`Key.look`, see `Oracle`) instead of
    /// being refused: the lazy DFA's mode.
    package private(set) var oracle: Bool
    /// In oracle mode, what each evaluated assertion reaches (`asks`).
    package var oracleReach: [Int: OracleReach]?
    /// Closure and kernel work (instructions visited, kernel entries hashed) the build may
    /// spend before it gives up; see `DeterminizerScratch`.
    package let maxWork: Int
    package var scratch: DeterminizerScratch
    /// The budget the build ran out of, once it has.
    package var exceeded: DFALimit?
    /// The program's instructions as three integers each (`FlatInstruction`), for the
    /// closure loop.
    package let flat: [Int32]
    /// The assertions of `.assert` instructions, indexed by their flat operand.
    package let assertions: [RegexProgram.Assertion]

    package static let restart: Int32 = -1
    /// The single attempt of an anchored start state: explored once, never restarted.
    package static let anchor: Int32 = -2

    /// Throws the limit when the program cannot have a DFA here: too many boundary pairs,
    /// or a table of which set accepts which class that alone would cost
    /// more than `maxWork` (a case-insensitive literal of thousands of letters has
    /// thousands of sets and classes).
    package init(
        program: RegexProgram, maxStates: Int, maxCells: Int, maxWork: Int, allMatches: Bool = false, oracle: Bool = false
    ) throws(DFALimit) {
        self.program = program
        self.maxStates = maxStates
        self.maxCells = maxCells
        self.allMatches = allMatches
        self.oracle = oracle
        self.maxWork = maxWork
        self.scratch = DeterminizerScratch(instructionCount: program.instructions.count)
        (flat, assertions) = FlatInstruction.encode(program.instructions)
        var pairs: [(word: Int, ignorable: Int)] = []
        var used: Set<Int> = []
        for instruction in program.instructions {
            switch instruction {
            case .consume(let set, _): used.insert(set)
            case .assert(.wordBoundary(let word, let ignorable), _), .assert(.notWordBoundary(let word, let ignorable), _):
                if !pairs.contains(where: { $0.word == word && $0.ignorable == ignorable }) { pairs.append((word, ignorable)) }
                used.insert(word)
                used.insert(ignorable)
            case .assert(.previousIn(let set), _), .assert(.previousNotIn(let set), _), .assert(.nextIn(let set), _),
                .assert(.nextNotIn(let set), _):
                // A one-code-point lookaround is a boundary pair with no ignorable set (-1).
                if !pairs.contains(where: { $0.word == set && $0.ignorable == -1 }) { pairs.append((set, -1)) }
                used.insert(set)
            case .assert(.lookaround(let index), _):
                guard allMatches || (oracle && index < Oracle.maxLookarounds) else {
                    // A one-code-point body is a one-code-point test past the pairs a DFA
                    // tracks (`ProgramBuilder`): say so, not "longer than one character".
                    let body = program.lookarounds[index].body.instructions
                    if body.count == 2, case .consume = body[0], case .match = body[1] { throw .boundaryPairs }
                    throw .lookaround
                }
            case .assert(.graphemeBoundary, _), .assert(.notGraphemeBoundary, _):
                guard allMatches || oracle else { throw .graphemeCluster }
            case .assert(.unicodeWordBoundary, _), .assert(.notUnicodeWordBoundary, _):
                guard allMatches || oracle else { throw .unicodeWord }
            default: continue
            }
        }
        guard pairs.count <= DFATable.maxBoundaryPairs else { throw .boundaryPairs }
        self.pairs = pairs
        alphabet = Alphabet(sets: used.sorted().map { program.sets[$0] })
        let (tableCost, overflow) = program.sets.count.multipliedReportingOverflow(by: alphabet.baseCount)
        guard !overflow, tableCost <= maxWork else { throw .work }
        scratch.work = tableCost
        for base in 0..<alphabet.baseCount {
            let c = alphabet.representatives[base]
            var flags: UInt32 = 0
            if Alphabet.lineTerminators.contains(c) { flags |= DFATable.ClassFlag.lineTerminator }
            if c == 0x0A { flags |= DFATable.ClassFlag.lineFeed }
            if c == 0x0D { flags |= DFATable.ClassFlag.carriageReturn }
            for (k, pair) in pairs.enumerated() {
                if program.sets[pair.word].contains(c) { flags |= DFATable.ClassFlag.word(k) }
                if pair.ignorable >= 0, program.sets[pair.ignorable].contains(c) { flags |= DFATable.ClassFlag.ignorable(k) }
            }
            classFlags.append(flags)
            baseOf.append(base)
        }
        for base in 0..<alphabet.baseCount where classFlags[base] & DFATable.ClassFlag.lineTerminator != 0 {
            classFlags.append(classFlags[base] | DFATable.ClassFlag.final)
            baseOf.append(base)
        }
        accepts = program.sets.map { Self.membership(of: alphabet.representatives, in: $0) }
        if oracle { oracleReach = Self.oracleReach(flat: flat, assertions: assertions) }
    }

    package var classCount: Int { classFlags.count }

    /// Whether each of `scalars` (in increasing order) is in `set`: one walk along both,
    /// rather than a search of the set per scalar (the table has sets × classes cells).
    static func membership(of scalars: [UInt32], in set: ScalarSet) -> [Bool] {
        var result = [Bool](repeating: false, count: scalars.count)
        let ranges = set.ranges
        var index = 0
        for (position, scalar) in scalars.enumerated() {
            assert(position == 0 || scalars[position - 1] < scalar, "representatives out of order")
            while index < ranges.count, ranges[index].upperBound < scalar { index += 1 }
            if index == ranges.count { break }
            if ranges[index].lowerBound <= scalar { result[position] = true }
        }
        return result
    }

    /// The same program's determinizer keeping every path (`allMatches`), with this one's
    /// alphabet and tables (no state): the start table of a lazy DFA.
    package var keepingEveryPath: Determinizer {
        var copy = self
        copy.allMatches = true
        copy.oracle = false
        copy.oracleReach = nil
        copy.ids = [:]
        copy.keys = []
        copy.transitions = []
        copy.stateFlags = []
        return copy
    }
}

/// Buffers reused by every closure of one build, and the work spent so far.
///
/// Note: the work of a build is not bounded by its state budget alone. A program with
/// thousands of instructions (nested counted repetitions such as `(a{1,30}){1,30}b`) has
/// kernels of thousands of threads, and each of its states costs a closure over them per
/// input class, so a build could take minutes before reaching 2,000 states. Every
/// instruction a closure visits and every kernel entry hashed counts one unit of work, and
/// so does every cell of the table of which set accepts which input class (sets × classes,
/// counted before it is built); past `maxWork` the build stops and the rule runs on its
/// NFA (still linear in the text). The count, unlike a clock, gives the same DFA on every
/// machine.
package struct DeterminizerScratch {
    /// `visited[pc] == generation`: visited by the current closure.
    package var visited: [UInt32]
    /// `seen[pc] == generation`: already in the kernel being stepped to.
    package var seen: [UInt32]
    package var generation: UInt32 = 0
    /// The closure's stack of pcs: every `split` pushes at most once per closure.
    package var stack: [Int32]
    /// The threads of the last closure: `threads[0..<threadCount]` (each instruction at
    /// most once).
    package var threads: [Int32]
    package var threadCount = 0
    package var work = 0

    package init(instructionCount: Int) {
        visited = [UInt32](repeating: 0, count: instructionCount)
        seen = [UInt32](repeating: 0, count: instructionCount)
        stack = [Int32](repeating: 0, count: instructionCount + 1)
        threads = [Int32](repeating: 0, count: instructionCount)
    }

    /// Starts a new closure or step: every mark of the previous one is forgotten.
    package mutating func nextGeneration() {
        generation &+= 1
        if generation == 0 {
            for i in visited.indices { visited[i] = 0 }
            for i in seen.indices { seen[i] = 0 }
            generation = 1
        }
    }
}

/// An instruction as `[kind, a, b]` in a flat array: the closure loop reads three
/// integers instead of copying an enum with payloads out of an array (which costs a
/// retain and a generic call per instruction in a debug build, and the plugin runs the
/// debug `rulegen`).
package enum FlatInstruction {
    package static let consume: Int32 = 0  // a: set, b: next
    package static let split: Int32 = 1  // a: preferred, b: alternative
    package static let save: Int32 = 2  // b: next
    package static let assert: Int32 = 3  // a: index in `assertions`, b: next
    package static let match: Int32 = 4

    package static func encode(_ instructions: [RegexProgram.Instruction]) -> ([Int32], [RegexProgram.Assertion]) {
        var flat: [Int32] = []
        flat.reserveCapacity(instructions.count * 3)
        var assertions: [RegexProgram.Assertion] = []
        // Three appends rather than `+= [a, b, c]`, which allocates an array per instruction.
        func add(_ kind: Int32, _ a: Int, _ b: Int) {
            flat.append(kind)
            flat.append(Int32(a))
            flat.append(Int32(b))
        }
        for instruction in instructions {
            switch instruction {
            case .consume(let set, let next): add(consume, set, next)
            case .split(let preferred, let alternative): add(split, preferred, alternative)
            case .save(_, let next): add(save, 0, next)
            case .assert(let assertion, let next):
                add(assert, assertions.count, next)
                assertions.append(assertion)
            case .match: add(match, 0, 0)
            }
        }
        return (flat, assertions)
    }
}
