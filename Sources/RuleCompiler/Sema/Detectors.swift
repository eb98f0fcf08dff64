/// The curated patterns behind `match detector(…)`. NSDataDetector does not exist on
/// Linux and differs between OS releases; these patterns are plain ICU regexes, so they
/// behave the same everywhere and compile to automata.
enum Detectors {
    struct Detector {
        var pattern: String
        var flags: String
    }

    static let all: [String: Detector] = [
        // http(s) URLs and bare www. hosts; trailing punctuation is left out.
        "link": Detector(
            pattern: #"\b(?:https?://|www\.)[^\s<>"']*[^\s<>"'.,;:!?)\]}]"#, flags: "i"),
        "email": Detector(
            pattern: #"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"#, flags: ""),
        // International or national numbers: optional +CC, optional (area), groups of digits.
        "phone": Detector(
            pattern: #"(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\b\d{3,4}[ .-]?\d{3,4}(?:[ .-]?\d{2,4})?\b"#, flags: ""),
    ]
}
