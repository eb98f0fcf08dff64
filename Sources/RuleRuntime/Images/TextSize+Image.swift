import Foundation

extension TextSize {
    /// The size an attachment declared as `width` × `height` (`nil`: intrinsic) shows an
    /// image of `pixelSize` at: a declared dimension as is; an intrinsic one from the image,
    /// keeping its aspect ratio when the other dimension is declared, and pixels ÷ `scale`
    /// when both are intrinsic (`scale` 2 for an `@2x` image). A size with a side over
    /// `maxSide` points is scaled down to it, keeping its aspect ratio (a header may declare
    /// any size).
    package init(
        width: Double?, height: Double?, pixelSize: ImagePixelSize, scale: Double = 1,
        maxSide: Double = ImageLimits.standard.maxDisplaySide
    ) {
        let pixelWidth = Double(pixelSize.width), pixelHeight = Double(pixelSize.height)
        let size: (width: Double, height: Double)
        switch (width, height) {
        case (let width?, let height?): size = (width, height)
        case (let width?, nil): size = (width, pixelWidth > 0 ? width * pixelHeight / pixelWidth : 0)
        case (nil, let height?): size = (pixelHeight > 0 ? height * pixelWidth / pixelHeight : 0, height)
        case (nil, nil): size = (pixelWidth / scale, pixelHeight / scale)
        }
        let clamped = ImageLimits.clamped(width: size.width, height: size.height, maxSide: maxSide)
        self.init(width: clamped.width, height: clamped.height)
    }
}
