import PushBridge
import Testing

/// The APNs environment read from what the build is signed with: `embedded.mobileprovision`'s
/// `aps-environment`, the property list cut out of its CMS envelope.
@Suite("The environment from the provisioning profile")
struct SigningEnvironmentTests {
    /// A profile's bytes as Xcode embeds it: a DER envelope (binary, not UTF-8) around the plist,
    /// the signature after it.
    static func profile(entitlements: String) -> [UInt8] {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>AppIDName</key><string>Example</string>
                <key>Entitlements</key>
                <dict>
                    <key>application-identifier</key><string>ABCDE12345.com.example.app</string>
                    \(entitlements)
                </dict>
                <key>TeamIdentifier</key><array><string>ABCDE12345</string></array>
            </dict>
            </plist>
            """
        let envelope: [UInt8] = [0x30, 0x80, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02, 0xA0, 0x80, 0xFF, 0xFE, 0x00]
        let signature: [UInt8] = [0x00, 0x00, 0xA0, 0x82, 0x0B, 0xE3, 0x30, 0x82, 0xFF, 0x80, 0x3C]  // 0x3C: a stray "<"
        return envelope + Array(plist.utf8) + signature
    }

    @Test("development and production profiles")
    func environments() throws {
        let development = Self.profile(entitlements: "<key>aps-environment</key><string>development</string>")
        let production = Self.profile(entitlements: "<key>aps-environment</key><string>production</string>")
        #expect(try SigningEnvironment.apsEnvironment(inProvisioningProfile: development) == .development)
        #expect(try SigningEnvironment.apsEnvironment(inProvisioningProfile: production) == .production)
        #expect(SigningEnvironment.environment(profile: development) == .development)
        #expect(SigningEnvironment.environment(profile: production) == .production)
    }

    @Test("no profile (the App Store, TestFlight) is production; a profile without push names none")
    func noProfile() throws {
        #expect(SigningEnvironment.environment(profile: nil) == .production)
        #expect(try SigningEnvironment.apsEnvironment(inProvisioningProfile: Self.profile(entitlements: "")) == nil)
        #expect(SigningEnvironment.environment(profile: Self.profile(entitlements: "")) == .production)
    }

    @Test("bytes that are not a profile, or a value that is no environment, are errors naming the file")
    func unreadable() {
        let cases: [([UInt8], String)] = [
            ([0x30, 0x80, 0x01, 0x02], "embedded.mobileprovision"),
            (Array("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8), "embedded.mobileprovision"),
            (Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key></plist>".utf8), "embedded.mobileprovision"),
            (
                Self.profile(entitlements: "<key>aps-environment</key><string>sandbox</string>"),
                "embedded.mobileprovision.Entitlements.aps-environment"
            ),
            (Self.profile(entitlements: "<key>aps-environment</key><true/>"), "embedded.mobileprovision.Entitlements.aps-environment"),
        ]
        for (bytes, field) in cases {
            #expect { try SigningEnvironment.apsEnvironment(inProvisioningProfile: bytes) } throws: { ($0 as? PushError)?.field == field }
            #expect(SigningEnvironment.environment(profile: bytes) == .production)
        }
    }
}
