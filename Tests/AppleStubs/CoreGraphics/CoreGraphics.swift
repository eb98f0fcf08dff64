// Core Graphics, as far as the shells use it. `CGFloat`, `CGPoint`, `CGSize` and `CGRect`
// are Foundation's on Linux (swift-corelibs-foundation declares them), so this module holds
// only the drawing types.
import Foundation

// https://developer.apple.com/documentation/coregraphics/cgcolor
// `class CGColor` (a Core Foundation type).
public final class CGColor {}

// https://developer.apple.com/documentation/coregraphics/cgcontext
// `class CGContext` (a Core Foundation type).
public final class CGContext {
    // https://developer.apple.com/documentation/coregraphics/cgcontext/savegstate()
    public func saveGState() { fatalError() }
    // https://developer.apple.com/documentation/coregraphics/cgcontext/restoregstate()
    public func restoreGState() { fatalError() }
    // https://developer.apple.com/documentation/coregraphics/cgcontext, clip(to: CGRect)
    public func clip(to rect: CGRect) { fatalError() }
    // https://developer.apple.com/documentation/coregraphics/cgcontext, setFillColor(_: CGColor)
    public func setFillColor(_ color: CGColor) { fatalError() }
    // https://developer.apple.com/documentation/coregraphics/cgcontext, fill(_: CGRect)
    public func fill(_ rect: CGRect) { fatalError() }
}
