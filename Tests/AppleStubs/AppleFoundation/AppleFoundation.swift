// What Apple's Foundation declares and swift-corelibs-foundation (Linux) does not, for the
// shells: UIKit, AppKit and SwiftUI re-export this module, as on Apple platforms they
// re-export Foundation. Apple's Foundation also re-exports CoreFoundation
// (`CFTimeInterval`), which Linux has as a module of its own.
@_exported import CoreFoundation
@_exported import Foundation

// https://developer.apple.com/documentation/foundation/nsattributedstring/key/link
extension NSAttributedString.Key {
    public static var link: NSAttributedString.Key { fatalError() }
}

// https://developer.apple.com/documentation/foundation/nsattributedstring, init(_: AttributedString, including:)
// (iOS 15, macOS 12): `convenience init<S>(_ attrStr: AttributedString, including scope: S.Type) throws where S : AttributeScope`
extension NSAttributedString {
    public convenience init<S: AttributeScope>(_ attrStr: AttributedString, including scope: S.Type) throws { fatalError() }
}

// `Selector` is Objective-C's (the ObjectiveC module, re-exported by Foundation on Apple
// platforms): https://developer.apple.com/documentation/objectivec/selector
// Linux has no Objective-C runtime, so `#selector` cannot compile here;
// Scripts/typecheck-apple.sh rewrites `#selector(m)` to `Selector(_selectorOf: m)`, which
// still requires `m` to name a method (not Apple API: the stub's alone).
public struct Selector: Hashable, Sendable {
    // https://developer.apple.com/documentation/objectivec/selector/init(_:)
    public init(_ name: String) { fatalError() }
    public init<Method>(_selectorOf method: Method) { fatalError() }
}

// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/perform(_:with:afterdelay:)
// `func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval)`
// (Foundation's run-loop additions to NSObject: a timer on the current run loop, default mode)
// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/cancelpreviousperformrequests(withtarget:selector:object:)
// `class func cancelPreviousPerformRequests(withTarget aTarget: Any, selector aSelector: Selector, object anArgument: Any?)`
extension NSObject {
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) { fatalError() }
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any, selector aSelector: Selector, object anArgument: Any?) {
        fatalError()
    }
}
