import Foundation

/// The images of one label's attachments, from the requests of its result to the images
/// to draw: which sources are names for the app to resolve, which to load, what has
/// arrived, and whether an arrival changes the layout. A plain value; `RichLabelCore`
/// drives it with an `AttachmentImageStore`.
///
/// Each `reset(for:resolveName:)` (new text in a reused label) starts a new generation:
/// events of an older one are ignored, whatever a loader still delivers.
package struct AttachmentImageLifecycle {
    /// Where one attachment's image stands, by match index.
    package enum State: Sendable {
        /// Requested from the store, not arrived yet.
        case pending(AttachmentImageRequest)
        /// Arrived.
        case loaded(LoadedAttachmentImage)
        /// Resolved by the app's name resolver.
        case named(String, size: TextSize)
        /// The source did not resolve or the load failed (the error's description).
        case failed(AttachmentImageRequest, error: String)
    }

    /// What an event changes for the label.
    package enum Effect: Sendable, Hashable {
        /// Nothing: an event of an older generation, or of no request.
        case none
        /// Redraw: the image arrived at the size the layout assumed (or failed).
        case redraw
        /// Relayout and size invalidation: an intrinsic dimension became known.
        case relayout
    }

    /// Increases at each reset.
    package private(set) var generation = 0
    /// Every image attachment of the current result, by match index.
    package private(set) var states: [Int: State] = [:]

    package init() {}

    /// Forgets the previous result's images and starts on `result`'s: sources that are
    /// names (`isName(_:)`) go to `resolveName` first (it returns the image's size in
    /// points, or `nil` when the app does not know the name: the store then resolves it
    /// against its base URL); the others wait for `pendingRequests` to be loaded.
    package mutating func reset(for result: RenderResult, resolveName: ((String) -> TextSize?)? = nil) {
        generation += 1
        states = [:]
        for request in AttachmentImageRequest.requests(for: result) {
            let name = request.source.trimmingCharacters(in: .whitespaces)
            if let resolveName, Self.isName(name), let size = resolveName(name) {
                states[request.key] = .named(name, size: size)
            } else {
                states[request.key] = .pending(request)
            }
        }
    }

    /// Moves to `result`, a stream's next render whose matches before `unchanged` are the
    /// previous result's (`RichLabelCore.apply(_:)`): their images stay as they are (loaded,
    /// named or still loading); the later matches' start over as in `reset(for:)`. The
    /// generation moves on only when a load in flight is dropped (its event would otherwise
    /// land on the new match at its index).
    package mutating func update(for result: RenderResult, keepingBefore unchanged: Int, resolveName: ((String) -> TextSize?)? = nil) {
        var dropsPending = false
        for (key, state) in states where key >= unchanged {
            if case .pending = state { dropsPending = true }
            states[key] = nil
        }
        if dropsPending { generation += 1 }
        for request in AttachmentImageRequest.requests(for: result) where request.key >= unchanged {
            let name = request.source.trimmingCharacters(in: .whitespaces)
            if let resolveName, Self.isName(name), let size = resolveName(name) {
                states[request.key] = .named(name, size: size)
            } else {
                states[request.key] = .pending(request)
            }
        }
    }

    /// The requests still to load, by match index.
    package var pendingRequests: [AttachmentImageRequest] {
        states.keys.sorted().compactMap { key in
            if case .pending(let request) = states[key] { return request }
            return nil
        }
    }

    /// The images to draw, by match index.
    package var images: [Int: AttachmentImage] {
        states.compactMapValues { state in
            switch state {
            case .loaded(let image): return .loaded(image)
            case .named(let name, let size): return .named(name, size: size)
            case .pending, .failed: return nil
            }
        }
    }

    /// The intrinsic sizes known, by match index: loaded images with a display size, named
    /// images.
    package var intrinsicSizes: [Int: TextSize] {
        states.compactMapValues { state in
            switch state {
            case .loaded(let image): return image.displaySize.map { TextSize(width: $0.width, height: $0.height) }
            case .named(_, let size): return size
            case .pending, .failed: return nil
            }
        }
    }

    /// Takes a store event of generation `generation`: an image that arrived with an
    /// intrinsic dimension (`sizeChanged`) asks for a relayout, one at the declared size or
    /// of a format whose size the header does not tell (`displaySize == nil`: the shell
    /// measures the decoded image and reports it with `RichLabelCore.setAttachmentSize`)
    /// for a redraw.
    package mutating func apply(_ event: AttachmentImageEvent, generation: Int) -> Effect {
        guard generation == self.generation, case .pending(let request) = states[event.key] else { return .none }
        switch event {
        case .loaded(let image):
            states[event.key] = .loaded(image)
            return image.sizeChanged && image.displaySize != nil ? .relayout : .redraw
        case .failed(_, let error):
            states[event.key] = .failed(request, error: String(describing: error))
            return .redraw
        }
    }

    /// Whether an image source is a name for the app to resolve (an asset catalog name such
    /// as `smile` or `Emoji/smile`, an SF Symbol such as `star.fill`) rather than a location:
    /// it has no URL scheme (`https:`, `file:`, `data:`) and does not start with `/` (a path,
    /// or `//host/…`) or `.` (`./a.png`, `../a.png`). `social`'s `image "${name}"` gives
    /// names; `cms`'s `<img src>` gives URLs or relative paths (`emoji/heart.png` is both a
    /// name and a path: the resolver is asked first, then the store's base URL).
    package static func isName(_ source: String) -> Bool {
        let text = source.trimmingCharacters(in: .whitespaces)
        guard let first = text.first, first != "/", first != "." else { return false }
        return AttachmentImageStore.scheme(of: text) == nil
    }
}
