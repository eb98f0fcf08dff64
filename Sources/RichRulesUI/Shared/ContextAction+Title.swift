import RuleRuntime

extension ContextAction {
    /// The action's title in English (the shells' default): Open, Copy Link, Copy, Share….
    public var defaultTitle: String {
        switch self {
        case .open: return "Open"
        case .copyLink: return "Copy Link"
        case .copyText: return "Copy"
        case .share: return "Share…"
        }
    }
}
