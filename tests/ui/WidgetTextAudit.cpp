#include "WidgetTextAudit.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTextDocument>

using namespace Qt::StringLiterals;

namespace keyright::test {

namespace {

QString plain(const QLabel *label)
{
    if (label->textFormat() == Qt::PlainText
        || (label->textFormat() == Qt::AutoText && !Qt::mightBeRichText(label->text())))
        return label->text();
    QTextDocument document;
    document.setHtml(label->text());
    return document.toPlainText();
}

QString describe(const QWidget *w, const QString &text)
{
    const QString name = w->objectName().isEmpty() ? QString() : u" "_s + w->objectName();
    return u"%1%2 \"%3\""_s.arg(QString::fromLatin1(w->metaObject()->className()), name, text);
}

bool inScrollArea(const QWidget *w, const QWidget *root)
{
    for (const QWidget *p = w->parentWidget(); p && p != root; p = p->parentWidget()) {
        if (qobject_cast<const QAbstractScrollArea *>(p))
            return true;
    }
    return false;
}

} // namespace

QStringList WidgetTextAudit::clipped(QWidget *root)
{
    QStringList problems;
    QWidget *window = root->window();
    const auto widgets = root->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        if (!w->isVisibleTo(window) || w->width() <= 0)
            continue;
        // Past the window's right edge, unless a scroll area holds it (and is checked below).
        if (!inScrollArea(w, window)) {
            const QRect r(w->mapTo(window, QPoint(0, 0)), w->size());
            if (r.right() > window->width() + 1 && w->width() > 1)
                problems.append(u"%1 ends at x=%2, past the window's %3"_s.arg(describe(w, QString()))
                                    .arg(r.right())
                                    .arg(window->width()));
        }
        if (auto *area = qobject_cast<QScrollArea *>(w)) {
            if (area->widget() && area->horizontalScrollBarPolicy() == Qt::ScrollBarAlwaysOff
                && area->widget()->width() > area->viewport()->width() + 1)
                problems.append(u"%1 content is %2 px wide in a %3 px viewport"_s.arg(describe(w, QString()))
                                    .arg(area->widget()->width())
                                    .arg(area->viewport()->width()));
            continue;
        }
        // A character the widget's font has no glyph for paints as an empty box (U+23F8 on Debian).
        {
            QString text;
            if (auto *label = qobject_cast<QLabel *>(w))
                text = plain(label);
            else if (auto *button = qobject_cast<QAbstractButton *>(w))
                text = button->text();
            const QFontMetrics fm = w->fontMetrics();
            for (const char32_t c : text.toUcs4()) {
                if (c > 0x7f && !QChar::isSpace(c) && !fm.inFontUcs4(c))
                    problems.append(u"%1: no glyph for U+%2"_s.arg(describe(w, text.left(40)))
                                        .arg(QString::number(uint(c), 16).toUpper()));
            }
        }
        if (auto *label = qobject_cast<QLabel *>(w)) {
            const QString text = plain(label);
            if (text.trimmed().isEmpty())
                continue;
            const QRect cr = label->contentsRect();
            const int room = cr.width() - 2 * label->margin() - label->indent() * (label->indent() > 0 ? 1 : 0);
            const QFontMetrics fm = label->fontMetrics();
            if (!label->wordWrap()) {
                for (const QString &line : text.split(u'\n')) {
                    if (fm.horizontalAdvance(line) > room + 1)
                        problems.append(u"%1 needs %2 px, has %3"_s.arg(describe(w, line))
                                            .arg(fm.horizontalAdvance(line))
                                            .arg(room));
                }
            } else {
                const int needed = label->heightForWidth(label->width());
                if (needed > label->height() + 1)
                    problems.append(u"%1 needs %2 px of height, has %3"_s.arg(describe(w, text.left(40)))
                                        .arg(needed)
                                        .arg(label->height()));
                static const QRegularExpression space(u"\\s+"_s);
                for (const QString &word : text.split(space, Qt::SkipEmptyParts)) {
                    if (fm.horizontalAdvance(word) > room + 1)
                        problems.append(
                            u"%1: the word \"%2\" is wider than the label"_s.arg(describe(w, text.left(40)), word));
                }
            }
        } else if (auto *button = qobject_cast<QAbstractButton *>(w)) {
            if (button->text().isEmpty() || qobject_cast<QTabBar *>(button->parentWidget()))
                continue;
            // What the style needs to show the whole text and icon.
            if (button->sizeHint().width() > button->width() + 1)
                problems.append(u"%1 needs %2 px, has %3"_s.arg(describe(w, button->text()))
                                    .arg(button->sizeHint().width())
                                    .arg(button->width()));
        } else if (auto *edit = qobject_cast<QLineEdit *>(w)) {
            const QString text = edit->text().isEmpty() ? edit->placeholderText() : edit->text();
            if (text.isEmpty())
                continue;
            // The frame and the text margins the style keeps: about 4 px each side.
            const int room = edit->contentsRect().width() - 8;
            if (edit->fontMetrics().horizontalAdvance(text) > room)
                problems.append(u"%1 needs %2 px, has %3"_s.arg(describe(w, text))
                                    .arg(edit->fontMetrics().horizontalAdvance(text))
                                    .arg(room));
        } else if (auto *combo = qobject_cast<QComboBox *>(w)) {
            if (combo->currentText().isEmpty())
                continue;
            QStyleOptionComboBox option;
            option.initFrom(combo);
            option.editable = combo->isEditable();
            option.currentText = combo->currentText();
            const QRect field
                = combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
            const int needed = combo->fontMetrics().horizontalAdvance(combo->currentText());
            if (needed > field.width() + 1)
                problems.append(
                    u"%1 needs %2 px, has %3"_s.arg(describe(w, combo->currentText())).arg(needed).arg(field.width()));
        }
    }
    return problems;
}

QHash<QWidget *, QString> WidgetTextAudit::visibleTexts(QWidget *root)
{
    QHash<QWidget *, QString> texts;
    QWidget *window = root->window();
    const auto widgets = root->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        if (!w->isVisibleTo(window))
            continue;
        QString text;
        if (auto *label = qobject_cast<QLabel *>(w))
            text = plain(label);
        else if (auto *button = qobject_cast<QAbstractButton *>(w))
            text = button->text();
        else if (auto *edit = qobject_cast<QLineEdit *>(w))
            text = edit->text().isEmpty() ? edit->placeholderText() : QString();
        else if (auto *combo = qobject_cast<QComboBox *>(w))
            text = combo->currentText();
        else if (auto *box = qobject_cast<QGroupBox *>(w))
            text = box->title();
        else if (auto *tabs = qobject_cast<QTabBar *>(w)) {
            QStringList all;
            for (int i = 0; i < tabs->count(); ++i)
                all.append(tabs->tabText(i));
            text = all.join(u" | "_s);
        }
        if (!text.trimmed().isEmpty())
            texts.insert(w, text);
    }
    return texts;
}

QStringList WidgetTextAudit::unchanged(const QHash<QWidget *, QString> &before, QWidget *root,
                                       const QSet<QString> &allowed)
{
    static const QRegularExpression words(u"[A-Za-zÀ-ÿ]{2,}"_s);
    QStringList left;
    const QHash<QWidget *, QString> after = visibleTexts(root);
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend() || *old != it.value())
            continue;
        // The same text in both languages: fine if every word in it is allowed.
        bool onlyAllowed = true;
        auto match = words.globalMatch(it.value());
        while (match.hasNext()) {
            const QString word = match.next().captured();
            if (!allowed.contains(word)) {
                onlyAllowed = false;
                break;
            }
        }
        if (!onlyAllowed)
            left.append(describe(it.key(), it.value()));
    }
    return left;
}

} // namespace keyright::test
