// Core Animation, as far as the shells use it.
import CoreFoundation

// https://developer.apple.com/documentation/quartzcore/cacurrentmediatime()
// `func CACurrentMediaTime() -> CFTimeInterval`
@discardableResult
public func CACurrentMediaTime() -> CFTimeInterval { fatalError() }
