// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import GObjectSupport

/// Widgets written out in code, for ``WrapHStack/init(layout:placement:content:)``.
@resultBuilder
public enum WidgetBuilder {
    public static func buildExpression(_ widget: Widget) -> [Widget] { [widget] }
    public static func buildExpression(_ widgets: [Widget]) -> [Widget] { widgets }
    public static func buildBlock(_ parts: [Widget]...) -> [Widget] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Widget]?) -> [Widget] { part ?? [] }
    public static func buildEither(first part: [Widget]) -> [Widget] { part }
    public static func buildEither(second part: [Widget]) -> [Widget] { part }
    public static func buildArray(_ parts: [[Widget]]) -> [Widget] { parts.flatMap { $0 } }
}
