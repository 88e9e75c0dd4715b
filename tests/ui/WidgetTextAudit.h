#pragma once

#include <QHash>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QStringList>

class QWidget;

namespace keyright::test {

// Walks the visible widgets under a root and reports what a person would see wrong: a text that
// does not fit its widget (a label, button, line edit or combo box too narrow for its words, a
// wrapped label too short for its lines), a widget pushed past the window's right edge, or a
// scroll area whose content is wider than its viewport. Used by the projector-layout and
// live-language tests.
class WidgetTextAudit
{
public:
    // One line per problem, naming the widget and its text; empty when everything fits.
    static QStringList clipped(QWidget *root);

    // Every visible text under `root`, by widget (labels, buttons, line edits with their
    // placeholders, combo boxes' current items, group box titles, tab texts).
    static QHash<QWidget *, QString> visibleTexts(QWidget *root);

    // The widgets whose text is the same after a language switch as it was before (`before`
    // from visibleTexts()), except texts made only of digits, punctuation, units and words in
    // `allowed` (proper nouns, ids, and words spelled the same in both languages).
    static QStringList unchanged(const QHash<QWidget *, QString> &before, QWidget *root, const QSet<QString> &allowed);
};

} // namespace keyright::test
