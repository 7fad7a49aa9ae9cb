import Foundation
import Testing
@testable import SeamLintEngine

/// `XMLPlistReader` reads what `PropertyListSerialization` reads, or leaves the text to it.
@Suite("XML property lists without Foundation")
struct XMLPlistReaderTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// A value as the scene resolver tells values apart: dictionaries (keys sorted), arrays,
    /// strings, booleans and numbers.
    static func canonical(_ value: Any) -> String {
        if let dictionary = value as? [String: Any] {
            return "{" + dictionary.keys.sorted().map { "\($0.debugDescription)=\(canonical(dictionary[$0]!))" }.joined(separator: ",") + "}"
        }
        if let array = value as? [Any] { return "[" + array.map(canonical).joined(separator: ",") + "]" }
        if let string = value as? String { return "s" + string.debugDescription }
        if let flag = value as? Bool { return "b\(flag)" }
        if let number = value as? NSNumber { return "n\(number.int64Value)" }
        return "?\(type(of: value))"
    }

    static func foundation(_ text: String) -> [String: Any]? {
        (try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)) as? [String: Any]
    }

    @Test("the usual shapes are read, as Foundation reads them", arguments: [
        "<dict>\n\t<key>CFBundleName</key>\n\t<string>App</string>\n</dict>",
        "<dict><key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><true/>"
            + "<key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict>"
            + "<key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string></dict></array></dict></dict></dict>",
        "<dict><key>UIDeviceFamily</key><array><integer>1</integer><integer>-2</integer></array><key>a</key><false/></dict>",
        "<dict><!-- a comment --><key>empty</key><string/><key>none</key><dict/><key>list</key><array/>\n<!-- another -->\n</dict>",
        "<dict><key>naïve ✓</key><string>  spaced  \n text </string></dict>",
    ])
    func usualShapes(body: String) {
        let text = Self.header + body + "\n</plist>\n"
        let expected = Self.foundation(text)
        #expect(expected != nil, "Foundation reads it")
        let read = XMLPlistReader.dictionary(Array(text.utf8))
        #expect(read != nil, "the usual shape is read")
        if let read, let expected { #expect(Self.canonical(read) == Self.canonical(expected)) }
    }

    @Test("anything else is left to Foundation", arguments: [
        "<dict><key>a</key><string>x &amp; y</string></dict>", "<dict><key>a</key><string><![CDATA[x]]></string></dict>",
        "<dict><key>a</key><real>1.5</real></dict>", "<dict><key>a</key><date>2020-01-01T00:00:00Z</date></dict>",
        "<dict><key>a</key><data>AA==</data></dict>", "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>",
        "<dict><key>a</key><true /></dict>", "<dict>text<key>a</key><true/></dict>", "<dict><key>a</key><string>x\r\ny</string></dict>",
        "<dict><key>a</key><integer>0x10</integer></dict>", "<dict><key>a</key><integer>99999999999999999999</integer></dict>",
        "<array><string>a</string></array>", "<dict><key>a</key><string>b</string>", "<dict><key>a</key></dict>",
        "<dict><key>a</key><string>b</string></dict><!-- never closed",
    ])
    func otherShapes(body: String) {
        let text = Self.header + body + "\n</plist>\n"
        #expect(XMLPlistReader.dictionary(Array(text.utf8)) == nil)
    }

    @Test func otherDocumentsAreLeftToFoundation() {
        for text in ["", "bplist00", " " + Self.header + "<dict/></plist>", "{ a = b; }", Self.header + "<dict/></plist>trailing",
                     "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY x \"y\">]><plist><dict/></plist>", Self.header + "<dict/>"] {
            #expect(XMLPlistReader.dictionary(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
        #expect(XMLPlistReader.dictionary(Array("<?xml version=\"1.0\"?><plist><dict/></plist>".utf8)).map { $0.isEmpty } == true)
    }
}
