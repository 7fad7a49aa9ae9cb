import UIKit

/// The drawing surface. Strokes are rendered into a shape layer; stickers are
/// real subviews so they can be dragged, pinched and rotated individually.
final class CanvasView: UIView {
    /// Backing scale for the stroke layer. Set by the owner once it knows
    /// which display the canvas is on.
    var renderScale: CGFloat = 2 {
        didSet { strokeLayer.contentsScale = renderScale }
    }

    /// Called whenever a sticker is added or removed, with the new count.
    var onItemCountChange: ((Int) -> Void)?

    private let strokeLayer = CAShapeLayer()
    private var strokes: [[CGPoint]] = []
    private var activeStroke: [CGPoint] = []
    private var gridLineWidth: CGFloat = 0.5

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        isMultipleTouchEnabled = false
        strokeLayer.fillColor = nil
        strokeLayer.strokeColor = UIColor.label.cgColor
        strokeLayer.lineWidth = 3
        strokeLayer.lineCap = .round
        strokeLayer.lineJoin = .round
        layer.addSublayer(strokeLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        // Grid lines should be one physical pixel on whichever screen we land on.
        guard let window else { return }
        gridLineWidth = 1 / window.screen.scale
        setNeedsDisplay()
    }

    override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        onItemCountChange?(subviews.count)
    }

    override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        // Still attached at this point, hence the - 1.
        onItemCountChange?(subviews.count - 1)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        strokeLayer.frame = bounds
    }

    override func draw(_ rect: CGRect) {
        let grid = UIBezierPath()
        for x in stride(from: 0, through: bounds.width, by: 32) {
            grid.move(to: CGPoint(x: x, y: 0))
            grid.addLine(to: CGPoint(x: x, y: bounds.height))
        }
        for y in stride(from: 0, through: bounds.height, by: 32) {
            grid.move(to: CGPoint(x: 0, y: y))
            grid.addLine(to: CGPoint(x: bounds.width, y: y))
        }
        grid.lineWidth = gridLineWidth
        UIColor.separator.setStroke()
        grid.stroke()
    }

    // MARK: - Drawing

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        activeStroke = [touch.location(in: self)]
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        activeStroke.append(contentsOf: (event?.coalescedTouches(for: touch) ?? [touch]).map { $0.location(in: self) })
        updateStrokePath()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        strokes.append(activeStroke)
        activeStroke = []
        updateStrokePath()
    }

    private func updateStrokePath() {
        let path = UIBezierPath()
        for stroke in strokes + [activeStroke] where !stroke.isEmpty {
            path.move(to: stroke[0])
            stroke.dropFirst().forEach { path.addLine(to: $0) }
        }
        strokeLayer.path = path.cgPath
    }

    // MARK: - Stickers and persistence

    func addSticker(_ sticker: SketchDocument.Sticker) {
        let imageView = UIImageView(image: UIImage(named: sticker.imageName))
        imageView.center = sticker.center
        imageView.transform = CGAffineTransform(scaleX: sticker.scale, y: sticker.scale).rotated(by: sticker.rotation)
        imageView.isUserInteractionEnabled = true
        addSubview(imageView)
    }

    func load(_ document: SketchDocument) {
        strokes = document.strokes
        document.stickers.forEach(addSticker)
        updateStrokePath()
    }

    func write(to document: SketchDocument) {
        document.strokes = strokes
    }

    func snapshotImage(scale: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(bounds: bounds, format: format).image { _ in
            drawHierarchy(in: bounds, afterScreenUpdates: false)
        }
    }
}
