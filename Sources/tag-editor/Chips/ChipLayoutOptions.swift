// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import FlowEngine

/// The chips' layout options, the one copy of them: the options panel edits it, "+N more" lifts
/// its `maxLines`, `--placement` and `--max-lines` set it, and the window's chip area applies it
/// (``ChipArea/apply(_:)``) each time it changes.
@MainActor
final class ChipLayoutOptions {
    /// The engine's options (spacing, alignment, line breaking, maxLines, …).
    var layout = WrapHStack.defaultLayout { didSet { if layout != oldValue { onChange?(); onLayoutChange?() } } }
    /// Where the WrapHStack puts its chips; the virtual list has one way only.
    var placement = WrapHStack.Placement.fixed { didSet { if placement != oldValue { onChange?() } } }
    /// The chips' text direction (GTK's default until the panel chooses one).
    var direction = gtk_widget_get_default_direction() { didSet { if direction != oldValue { onChange?() } } }
    /// Called after each change (the window applies the options to its chip area).
    var onChange: (() -> Void)?
    /// Called after each change of `layout`, after `onChange` (the application remembers it).
    var onLayoutChange: (() -> Void)?
}
