import RuleRuntime

/// What a shell keeps a widget's view by: the widget's name and its match's index, stable
/// while the text stays.
package struct WidgetKey: Hashable, Sendable {
    package var name: String
    package var matchIndex: Int

    package init(_ frame: AttachmentFrame) {
        name = frame.widgetName ?? ""
        matchIndex = frame.matchIndex
    }
}
