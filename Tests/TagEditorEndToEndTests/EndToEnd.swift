// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

/// The tag editor tested as a user uses it: the real `tag-editor` binary on its own Xvfb, real
/// key presses and clicks from `xdotool`, real files, other processes writing meanwhile; results
/// checked on disk and in what the window shows. One test at a time, so that the machine's two
/// cores are not shared between several editors' timings.
@Suite(.serialized) struct EndToEnd {}
