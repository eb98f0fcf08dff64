import Foundation

/// What a rule matches.
@_spi(Generated) public enum MatcherSpec: Sendable, Hashable {
    /// An ICU regular expression, matched as `NSRegularExpression` would. `detector` names
    /// the curated detector (`link`, `email`, `phone`) the pattern came from, if any.
    case regex(pattern: String, flags: RegexFlags, detector: String?)
    /// A whitespace-delimited word that starts with `prefix`.
    case prefix(String)
    /// A tag family: `<h>…</h>`, `<h1>…</h1>`, `<h2>…<h2/>` for family `h`.
    case tagFamily(String)
    /// A generic element `<a href="…">…</a>`, or with `isVoid` a single tag `<img src="…"/>`.
    /// `attributes` are the declared attribute names usable as `${name}`. The name `*` is the
    /// catch-all: paired tags of every name no other element rule or tag family of the table
    /// matches (`<p>`, `<span class="x">`).
    case element(name: String, attributes: [String], isVoid: Bool)
    /// An HTML character reference (`&amp;`, `&nbsp;`, `&#233;`, `&#x1F600;`: the HTML
    /// named references, which end with `;`, and numeric ones), shown as the character it
    /// stands for.
    case entity
}
