// Conversions between the label core's geometry (`TextPoint`, `TextSize`, `TextRect`) and
// Core Graphics' for the shells. CI (Linux) compiles this file against stub modules
// (Scripts/typecheck-apple.sh); only a Mac runs it.
import RuleRuntime

#if !os(watchOS) && (canImport(UIKit) || canImport(AppKit))
    import Foundation
    #if canImport(UIKit)
        import UIKit
    #else
        import AppKit
    #endif

    extension TextRect {
        public init(_ rect: CGRect) {
            self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
        }
    }

    extension CGRect {
        public init(_ rect: TextRect) {
            self.init(x: CGFloat(rect.minX), y: CGFloat(rect.minY), width: CGFloat(rect.width), height: CGFloat(rect.height))
        }
    }

    extension TextPoint {
        public init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
    }

    extension CGPoint {
        public init(_ point: TextPoint) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
    }

    extension TextSize {
        public init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
    }

    extension CGSize {
        /// `size` rounded up to whole pixels of `scale` (`sizeThatFits`, `intrinsicContentSize`).
        public init(_ size: TextSize, scale: CGFloat) {
            let s = scale > 0 ? scale : 1
            self.init(width: (CGFloat(size.width) * s).rounded(.up) / s, height: (CGFloat(size.height) * s).rounded(.up) / s)
        }
    }
#endif
