// Core Text, as far as the shells use it.
import Foundation

// https://developer.apple.com/documentation/coretext/ctfont
// `class CTFont` (a Core Foundation type, toll-free bridged with UIFont and NSFont: Swift
// accepts `font as CTFont`). The stub models the bridge by making UIFont and NSFont
// subclasses of CTFont, so `font as CTFont` compiles here as there; looser than Apple: an
// implicit conversion (no `as`) compiles here too.
open class CTFont: NSObject {}
