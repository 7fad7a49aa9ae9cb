import UIKit

enum DrawingTool: String, CaseIterable {
    case pen, marker, eraser, lasso, sticker

    var symbolName: String {
        switch self {
        case .pen: return "pencil.tip"
        case .marker: return "highlighter"
        case .eraser: return "eraser"
        case .lasso: return "lasso"
        case .sticker: return "face.smiling"
        }
    }
}

/// Floating palette of drawing tools. Laid out in ToolPaletteView.xib so
/// design can adjust spacing without touching code.
final class ToolPaletteView: UIView {
    @IBOutlet private weak var toolsStack: UIStackView!
    @IBOutlet private weak var separatorHeight: NSLayoutConstraint!
    @IBOutlet private weak var zoomLabel: UILabel!
    @IBOutlet private weak var overflowButton: UIButton!

    var onSelectTool: ((DrawingTool) -> Void)?

    private var toolsObservation: NSKeyValueObservation?
    private let maximumVisibleTools = 4

    static func loadFromNib() -> ToolPaletteView {
        let nib = UINib(nibName: "ToolPaletteView", bundle: .main)
        return nib.instantiate(withOwner: nil).first as! ToolPaletteView
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        layer.cornerRadius = 16
        layer.cornerCurve = .continuous
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.15
        layer.shadowRadius = 12
        layer.shadowOffset = CGSize(width: 0, height: 4)

        // The separator between tools and the zoom readout is one device pixel.
        separatorHeight.constant = 1 / (window?.screen.scale ?? 1)

        toolsObservation = toolsStack.observe(\.subviews, options: [.initial, .new]) { [weak self] stack, _ in
            self?.updateOverflow(toolCount: stack.subviews.count)
        }

        DrawingTool.allCases.forEach(addButton(for:))
    }

    func showZoom(_ scale: CGFloat) {
        zoomLabel.text = Double(scale).formatted(.percent.precision(.fractionLength(0)))
    }

    private func addButton(for tool: DrawingTool) {
        let button = UIButton(configuration: .borderless(), primaryAction: UIAction { [weak self] _ in
            self?.onSelectTool?(tool)
        })
        button.configuration?.image = UIImage(systemName: tool.symbolName)
        button.accessibilityLabel = tool.rawValue.capitalized
        toolsStack.addArrangedSubview(button)
    }

    /// On narrow windows only the first few tools fit; the rest go into the
    /// overflow button's menu.
    private func updateOverflow(toolCount: Int) {
        overflowButton.isHidden = toolCount <= maximumVisibleTools
        for (index, view) in toolsStack.arrangedSubviews.enumerated() {
            view.isHidden = index >= maximumVisibleTools
        }
    }
}
