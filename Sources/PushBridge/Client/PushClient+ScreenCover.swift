/// The app on screen but covered by system UI.
extension PushClient {
    /// Tells the client the app resigned active while on screen
    /// (`applicationWillResignActive(_:)`, `sceneWillResignActive(_:)`): Notification Center, the
    /// Lock Screen's list or Control Center was pulled down over it. Until the app becomes active
    /// again (``applicationDidBecomeActive()``) or is launched, a call to method 2 or 3 in state
    /// `active` is the user's tap on a notification there — iOS 11 and later report the tap
    /// `active`, not `inactive` (rdar 34332569) — and is an `opened` (`foreground`), not a
    /// `received`.
    public func applicationWillResignActive() {
        core.resignedActive()
    }
}
