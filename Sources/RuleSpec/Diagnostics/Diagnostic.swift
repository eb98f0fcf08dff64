/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, Codable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A place in a file: the file and a span in it.
public struct SourceRef: Sendable, Hashable {
    public var file: SourceFile
    public var span: SourceSpan
    public init(file: SourceFile, span: SourceSpan) {
        self.file = file
        self.span = span
    }
    public var location: SourceLocation { file.location(of: span.start) }

    /// The same span of the same file: one `SourceFile`, or two reads of one path with the
    /// same text (so two compilations of a spec give equal diagnostics and outputs).
    public static func == (a: SourceRef, b: SourceRef) -> Bool {
        a.span == b.span && a.file.isSame(as: b.file)
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file.path)
        hasher.combine(span)
    }
}

/// A message about a spec: a primary place, a kind name for `-W` flags, and notes that
/// point at related places ("first declared here").
public struct Diagnostic: Sendable, Hashable {
    public struct Note: Sendable, Hashable {
        public var message: String
        public var ref: SourceRef?
        public init(_ message: String, at ref: SourceRef? = nil) {
            self.message = Diagnostic.cut(message)
            self.ref = ref
        }
    }

    public var severity: Severity
    /// What it is (`DiagnosticKind` lists them all).
    public var kind: DiagnosticKind
    /// The kind's stable name, e.g. `syntax`, `unknown-style`, `empty-match`.
    public var name: String { kind.name }
    public var message: String
    /// `nil` for diagnostics about no particular place (an unreadable file).
    public var ref: SourceRef?
    /// A path to show when there is no `ref` (a file that could not be read).
    public var path: String?
    public var notes: [Note]
    /// Conflict diagnostics: the rules involved, an example text (`nil` when none was
    /// confirmed) and the rule the resolver keeps on it.
    public var rules: [String] = []
    public var witness: String?
    public var winner: String?

    /// A diagnostic of `kind`, with the kind's severity (`DiagnosticKind` calls it).
    public init(_ kind: DiagnosticKind, _ message: String, at ref: SourceRef?, notes: [Note] = []) {
        self.severity = kind.severity
        self.kind = kind
        self.message = Self.cut(message)
        self.ref = ref
        self.path = ref?.file.path
        self.notes = notes
    }

    /// The longest message or note shown whole, in characters.
    public static let messageLimit = 400

    /// `message`, or when it is longer than `messageLimit` its start, `…` and its length:
    /// a message quoting a 10 MB example text stays one readable line.
    public static func cut(_ message: String) -> String {
        guard message.utf8.count > messageLimit else { return message }
        let length = message.count
        guard length > messageLimit else { return message }
        return message.prefix(messageLimit - 100) + "… (cut: \(length) characters in all)"
    }

    public var location: SourceLocation? { ref?.location }
}

/// Collects diagnostics in the order they are found.
public struct DiagnosticBag: Sendable {
    public private(set) var all: [Diagnostic] = []
    public init() {}

    public mutating func add(_ diagnostic: Diagnostic) { all.append(diagnostic) }
    public mutating func add(contentsOf other: [Diagnostic]) { all.append(contentsOf: other) }

    /// Adds a diagnostic of `kind` (its severity is the kind's).
    public mutating func report(_ kind: DiagnosticKind, _ message: String, at ref: SourceRef?, notes: [Diagnostic.Note] = []) {
        add(kind(message, at: ref, notes: notes))
    }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// How many errors of one file are reported; the rest are summed up in one last error.
    public static let errorLimit = 50

    /// Diagnostics by file (in the order files first appear), then position, keeping
    /// discovery order for ties.
    public var sorted: [Diagnostic] {
        var fileOrder: [String: Int] = [:]
        for d in all where fileOrder[d.path ?? ""] == nil { fileOrder[d.path ?? ""] = fileOrder.count }
        return all.enumerated().sorted { a, b in
            let ka = (fileOrder[a.element.path ?? ""] ?? 0, a.element.ref?.span.start ?? -1, a.offset)
            let kb = (fileOrder[b.element.path ?? ""] ?? 0, b.element.ref?.span.start ?? -1, b.offset)
            return ka < kb
        }.map(\.element)
    }

    /// `sorted`, with at most `errorLimit` errors per file: past it, one error at the file
    /// says how many there were and that it stops, as compilers do (thousands of errors
    /// from one broken line help nobody, and rendering each with its line costs time).
    public var sortedAndCapped: [Diagnostic] {
        var errors: [String: Int] = [:]
        for d in all where d.severity == .error { errors[d.path ?? "", default: 0] += 1 }
        guard errors.values.contains(where: { $0 > Self.errorLimit }) else { return sorted }
        var shown: [String: Int] = [:]
        var result: [Diagnostic] = []
        for d in sorted {
            let path = d.path ?? ""
            guard d.severity == .error, let total = errors[path], total > Self.errorLimit else {
                result.append(d)
                continue
            }
            shown[path, default: 0] += 1
            if shown[path]! <= Self.errorLimit { result.append(d) }
            if shown[path]! == total {
                var stop = DiagnosticKind.tooManyErrors(
                    "too many errors (\(total) in this file); stopping after the first \(Self.errorLimit)",
                    at: nil)
                stop.path = d.path
                result.append(stop)
            }
        }
        return result
    }
}
