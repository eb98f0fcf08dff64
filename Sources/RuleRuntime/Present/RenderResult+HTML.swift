extension RenderResult {
    /// The display as an HTML fragment: an optional `<style>` element, then
    /// `<div class="rr" dir="ltr|rtl" style="…">` holding the display text.
    ///
    /// - The container's `dir` is the display's base direction
    ///   (`BidiDirection.baseDirection(of:)`); when a paragraph's direction differs from
    ///   it, the container has `unicode-bidi:plaintext`, so that the browser gives each
    ///   paragraph (after a `<br>`) the direction of its first strong character. The
    ///   container has the base style's CSS and `white-space:pre-wrap`; line breaks are
    ///   `<br>`.
    /// - A kept match is a `<span class="rr-m">` with the CSS of what its style changes
    ///   from `options.base` (`data-rule`, and `data-tag` for tags); a tappable one is an
    ///   `<a class="rr-m" href="#">` with `data-handler`, `data-arg-<label>` for each
    ///   labelled argument (the label in kebab case: `userName` → `data-arg-user-name`,
    ///   so `dataset.argUserName` reads it) and `data-args`, every argument as JSON
    ///   (`[{"label":"user","value":"@alice"}]`, `null` for no label). Its pressed
    ///   highlight is a class whose `:active` rule is in the `<style>` element, named from
    ///   a hash of its CSS (`rr-hl-1f2e3d4c`), so fragments on one page never disagree on
    ///   a class. The truncation token of a truncated result also has the class `rr-token`.
    /// - A tap is written once. A tappable match that holds tappable matches (links do not
    ///   nest) or a widget taking its own touches is a `<span class="rr-m">` with the tap's
    ///   attributes and `data-tap` (its index); each piece of its text is an
    ///   `<a class="rr-tap" href="#" data-tap="…">` naming it. A match opened again in a
    ///   later paragraph block has only `data-tap` (and no `data-info`) there.
    /// - CSS: `color`, `background-color`, `font-size` (points as `px`; a Dynamic Type
    ///   style gives its default size, `DynamicTypeStyle.defaultSize`, and its weight
    ///   unless the font names one), `font-weight`,
    ///   `font-style`, `font-family`, `text-decoration` (single and thick → solid, thick
    ///   with `text-decoration-thickness:2px`, double, dotted, dashed; with the line's
    ///   color; a strikethrough under an underline goes on an inner `<span>`),
    ///   `letter-spacing` for kern, `vertical-align` for the baseline offset (relative to
    ///   the base style's). Colors with a dark variant as their light or dark value, or (adaptive)
    ///   as custom properties named by their values (`var(--rr-333333FF-CCCCCCFF,#333333)`).
    /// - Paragraph properties (`RenderResult.paragraphs`): `text-align` and `line-height` on
    ///   the container for the base style (a single paragraph: its own, with its indents);
    ///   when paragraphs differ from it, `paragraphSpacing` sets them apart or a paragraph is
    ///   indented, one `<div class="rr-p">` per paragraph with what differs, its indents, its
    ///   spacing as `margin-bottom` (not after the last) and its `dir` when of the other
    ///   direction. Indents are from the start edge, as TextKit's are from the leading
    ///   margin: `headIndent` as `padding-inline-start`, `firstLineHeadIndent` as the
    ///   `text-indent` from there (`firstLineHeadIndent - headIndent`, negative for a
    ///   hanging indent); where a first line is indented, placeholders reset `text-indent`
    ///   (CSS would indent the name in their box).
    /// - A replacement with `alt` has `aria-label` (and `role="img"` when not a link).
    /// - An image is an `<img>` with `alt` (`Attachment.accessibilityLabel`), `width`
    ///   and `height` when known, and `vertical-align` from its alignment (`middle`,
    ///   `baseline`, `text-top` for top, `text-bottom` for bottom, raised 0.1em for above
    ///   baseline, lowered by its height for below baseline). Its `src` is kept only for
    ///   `http:`, `https:`, `data:image/…` and relative URLs; any other scheme
    ///   (`javascript:`) leaves the `src` out. With `NamedImages.placeholder`, an image
    ///   whose source is a name is a placeholder `<span class="rr-named-image"
    ///   data-image="name" role="img" aria-label="…">` showing the name. A widget is a
    ///   placeholder `<span class="rr-widget" data-widget="name" role="img"
    ///   aria-label="…">` showing its name. A placeholder is at least the attachment's
    ///   declared size (a missing side equal to the declared one, the text's `em` when
    ///   neither is declared) and grows to show the whole name. `position before|after`
    ///   puts it before or after the match's text; a widget that is not tappable stays
    ///   outside the match's link.
    ///
    /// Every string from the text or the spec is escaped (`&`, `<`, `>`, `"`, `'`) in
    /// text and attributes, and written as a CSS string (with CSS escapes) in styles.
    /// The output is deterministic.
    public func html(options: HTMLOptions = HTMLOptions()) -> String {
        var renderer = HTMLRenderer(result: self, options: options)
        return renderer.render()
    }
}
