// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// When a line breaks (libadwaita's `AdwWrapPolicy`).
public enum WrapPolicy: String, Sendable, Hashable, CaseIterable {
    /// A line breaks as soon as the next item does not fit at its natural size (CSS's rule: the
    /// hypothetical main size). The default.
    case natural
    /// A line breaks only once the next item does not fit even with every item of the line at
    /// its minimum size. The items of a line whose natural sizes do not fit then get their
    /// minimum plus an equal share of the line's remaining room, each at most its natural size,
    /// the smallest gaps filled first (as GTK's `gtk_distribute_natural_allocation`; in CSS,
    /// `flex-basis` at the minimum, `flex-grow: 1` and `max-width` at the natural size).
    case minimum
}

/// Which way items run inside each line (libadwaita's `AdwPackDirection`).
public enum PackDirection: String, Sendable, Hashable, CaseIterable {
    /// The first item of a line at its start (the leading edge, or the top). The default.
    case startToEnd
    /// The first item of a line at its end: each line's items in reverse order, the line keeping
    /// where justification and alignment put it (unlike CSS `row-reverse`, which also swaps the
    /// line's start and end). Which items share a line does not change.
    case endToStart
}
