#include "LedgerBar.h"

#include "LedgerSentence.h"

#include <QContextMenuEvent>
#include <QEvent>
#include <QGridLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <tuple>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// Black or white, whichever reads better on `fill`.
QColor textOn(const QColor &fill)
{
    return StatePalette::contrastRatio(fill, Qt::black) >= StatePalette::contrastRatio(fill, Qt::white)
        ? QColor(Qt::black)
        : QColor(Qt::white);
}

// A line's menu names this many holders at most; the holders table has them all.
constexpr qsizetype maxListedHolders = 10;

// A holder label as a menu's text: '&' would otherwise underline the next letter.
QString menuText(QString text)
{
    return text.replace(u'&', u"&&"_s);
}

} // namespace

class LedgerBar::Bar final : public QWidget
{
public:
    explicit Bar(LedgerBar *owner)
        : QWidget(owner)
        , m_owner(owner)
    {
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        setMouseTracking(true);
    }

    QSize sizeHint() const override { return {200, fontMetrics().height() + 6}; }
    QSize minimumSizeHint() const override { return {60, fontMetrics().height() + 6}; }

    QList<Segment> layoutSegments() const
    {
        QList<Segment> segments;
        if (!m_owner->m_report)
            return segments;
        const SeatLedger &ledger = m_owner->m_report->ledger;
        int total = 0;
        for (const SeatLedger::Line &line : ledger.lines)
            total += line.seats;
        if (total <= 0)
            return segments;
        const QRectF area(rect());
        int before = 0;
        for (const SeatLedger::Line &line : ledger.lines) {
            if (line.seats <= 0)
                continue;
            const double left = area.left() + area.width() * before / total;
            before += line.seats;
            const double right = area.left() + area.width() * before / total;
            segments << Segment {line.category, line.group, line.seats,
                                 QRectF(left, area.top(), right - left, area.height())};
        }
        return segments;
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        const QList<Segment> segments = layoutSegments();
        for (const Segment &segment : segments) {
            // Free seats as the license list's bars and the legend show them: the bare track.
            const QColor fill = segment.category == SeatLedger::Category::Free
                ? StatePalette::freeSeat(palette())
                : StatePalette::fill(roleOf(segment.category));
            painter.fillRect(segment.rect, fill);
            const QString count = QString::number(segment.seats);
            if (painter.fontMetrics().horizontalAdvance(count) + 6 <= segment.rect.width()) {
                painter.setPen(textOn(fill));
                painter.drawText(segment.rect, Qt::AlignCenter, count);
            }
        }
        // Thin separators keep two neighbours of close colours apart.
        painter.setPen(QPen(palette().color(QPalette::Base), 1));
        for (qsizetype i = 1; i < segments.size(); ++i)
            painter.drawLine(segments.at(i).rect.topLeft(), segments.at(i).rect.bottomLeft());
    }

    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::ToolTip) {
            const auto *help = static_cast<QHelpEvent *>(event);
            for (const Segment &segment : layoutSegments()) {
                if (segment.rect.contains(help->pos())) {
                    QToolTip::showText(help->globalPos(),
                                       LedgerBar::tr("%1: %n seat(s)", nullptr, segment.seats)
                                           .arg(categoryName(segment.category, segment.group)),
                                       this, segment.rect.toAlignedRect());
                    return true;
                }
            }
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        return QWidget::event(event);
    }

private:
    LedgerBar *m_owner;
};

LedgerBar::LedgerBar(QWidget *parent)
    : QWidget(parent)
    , m_bar(new Bar(this))
    , m_sentences(new QWidget(this))
    , m_grid(new QGridLayout(m_sentences))
    , m_menu(new QMenu(this))
{
    m_bar->setObjectName(u"ledgerBar"_s);
    m_sentences->setObjectName(u"ledgerSentences"_s);
    m_menu->setObjectName(u"ledgerLineMenu"_s);
    // A disabled action says which role it needs, as the window's actions do.
    m_menu->setToolTipsVisible(true);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setVerticalSpacing(0);
    m_grid->setColumnStretch(0, 1);
    m_sentences->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_bar);
    layout->addWidget(m_sentences);
    setVisible(false);
}

LedgerBar::~LedgerBar() = default;

void LedgerBar::setReport(const std::optional<LedgerReport> &report)
{
    // Every poll brings a ledger, mostly the same as the last one (its moment aside): lay the lines
    // and their buttons out again only when what they show changed.
    const auto shown = [](const std::optional<LedgerReport> &r) {
        return r ? std::tuple(true, r->licenseId, r->isPast(), r->idleAfterMinutes, r->ledger)
                 : std::tuple(false, QString(), false, 0, SeatLedger());
    };
    if (shown(report) == shown(m_report)) {
        const bool wasSet = m_report.has_value();
        m_report = report;
        if (!wasSet)
            return;
        // The same seats; a sentence may still tell a time relative to the moment.
        const QStringList lines = ledgerSentences(*m_report, QTimeZone::systemTimeZone());
        if (lines == m_lines)
            return;
    } else {
        m_report = report;
    }
    setVisible(m_report.has_value());
    refreshText();
    m_bar->update();
}

QList<LedgerBar::Segment> LedgerBar::segments() const
{
    return m_bar->layoutSegments();
}

QWidget *LedgerBar::barWidget() const
{
    return m_bar;
}

QString LedgerBar::sentenceText() const
{
    return m_lines.join(u'\n');
}

void LedgerBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    elideLines();
}

namespace {

// A sentence takes the width it is given, and its height (one line, or two on the Seats page; as many
// as it needs when wrapped) follows from it.
QSizePolicy sentencePolicy(bool wrap)
{
    QSizePolicy policy(QSizePolicy::Ignored, wrap ? QSizePolicy::Minimum : QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    return policy;
}

// `line` as it fits in `lines` lines of `width` pixels, words wrapped: whole, or its longest start
// that fits with "…" after it.
QString fitToLines(const QString &line, const QFontMetrics &metrics, int width, int lines)
{
    const int room = lines * metrics.lineSpacing();
    const auto fits = [&](const QString &text) {
        return metrics.boundingRect(QRect(0, 0, width, room * 4), Qt::TextWordWrap, text).height() <= room;
    };
    if (fits(line))
        return line;
    qsizetype low = 0;
    qsizetype high = line.size();
    while (low < high) {
        const qsizetype middle = (low + high + 1) / 2;
        if (fits(line.left(middle).trimmed() + u'…'))
            low = middle;
        else
            high = middle - 1;
    }
    return line.left(low).trimmed() + u'…';
}

} // namespace

void LedgerBar::setWrapping(bool wrap)
{
    if (m_wrap == wrap)
        return;
    m_wrap = wrap;
    for (QLabel *label : std::as_const(m_labels))
        label->setSizePolicy(sentencePolicy(wrap));
    elideLines();
}

void LedgerBar::elideLines()
{
    // At most two lines per sentence, cut to the pane's width beyond that (the whole of each in its
    // tooltip), so a narrow pane at 150 % keeps room for the holders while the idle line's reclaim
    // time, at its end, still shows at the default split (walk 46: one line cut it off).
    // The borrowed line is never cut: until when each seat stays away is the one fact it is for, and
    // it comes last (walk 50: "alice@laptop1 (jusqu'à 8 déc. 05:…" in French at 150 %).
    const auto whole = [this](qsizetype i) {
        return m_wrap
            || (m_report && i < m_report->ledger.lines.size()
                && m_report->ledger.lines.at(i).category == SeatLedger::Category::Borrowed);
    };
    for (qsizetype i = 0; i < m_lines.size() && i < m_labels.size(); ++i) {
        QLabel *label = m_labels.at(i);
        const QString &line = m_lines.at(i);
        const QString shown = whole(i)
            ? line
            : fitToLines(line, label->fontMetrics(), std::max(label->contentsRect().width(), 40), sentenceLines);
        label->setText(shown);
        label->setToolTip(shown == line ? QString() : line);
    }
}

int LedgerBar::lineOf(const QObject *widget) const
{
    for (qsizetype i = 0; i < m_labels.size(); ++i) {
        if (m_labels.at(i) == widget || m_buttons.at(i) == widget)
            return int(i);
    }
    return -1;
}

bool LedgerBar::eventFilter(QObject *watched, QEvent *event)
{
    // A button that comes or goes changes a sentence's width without the bar being resized.
    if (event->type() == QEvent::Resize && m_labels.contains(watched))
        elideLines();
    // Enter on a line's Actions opens its menu as Space does (a tool button answers Space only).
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        const int line = lineOf(watched);
        if ((key == Qt::Key_Return || key == Qt::Key_Enter) && line >= 0 && m_buttons.at(line) == watched) {
            showLineMenu(line);
            return true;
        }
    }
    if (event->type() == QEvent::ContextMenu) {
        if (const int line = lineOf(watched); line >= 0) {
            // Where the user clicked; from the keyboard (the Menu key on the line's button), under
            // the line's sentence.
            const auto *menuEvent = static_cast<QContextMenuEvent *>(event);
            const QLabel *label = m_labels.at(line);
            showLineMenu(line,
                         menuEvent->reason() == QContextMenuEvent::Mouse
                             ? menuEvent->globalPos()
                             : label->mapToGlobal(QPoint(0, label->height())));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LedgerBar::refreshText()
{
    ++m_relayouts;
    m_lines = m_report ? ledgerSentences(*m_report, QTimeZone::systemTimeZone()) : QStringList();
    const qsizetype made = m_buttons.size();
    while (m_labels.size() < m_lines.size()) {
        const int row = int(m_labels.size());
        auto *label = new QLabel(m_sentences);
        label->setObjectName(u"ledgerSentence%1"_s.arg(row));
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setSizePolicy(sentencePolicy(m_wrap));
        // Its context menu (eventFilter) is the line's: opened where the user clicked.
        label->installEventFilter(this);
        auto *button = new QToolButton(m_sentences);
        button->setObjectName(u"ledgerActions%1"_s.arg(row));
        // Framed, with a menu arrow: flat, "Actions" beside a sentence read as a stray word until
        // hovered (walk 55).
        button->setAutoRaise(false);
        button->setFocusPolicy(Qt::StrongFocus);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setArrowType(Qt::DownArrow);
        button->installEventFilter(this);
        button->hide();
        // Not QToolButton's own menu: that one waits in an event loop of its own until it closes.
        connect(button, &QToolButton::clicked, this, [this, row] { showLineMenu(row); });
        m_grid->addWidget(label, row, 0);
        m_grid->addWidget(button, row, 1);
        m_labels << label;
        m_buttons << button;
    }
    if (m_buttons.size() != made)
        chainTabOrder();
    for (qsizetype i = 0; i < m_labels.size(); ++i)
        m_labels.at(i)->setVisible(i < m_lines.size());
    updateButtons();
    elideLines();
    QStringList parts;
    if (m_report) {
        for (const Segment &segment : segments())
            parts << tr("%1: %n seat(s)", nullptr, segment.seats).arg(categoryName(segment.category, segment.group));
    }
    m_bar->setAccessibleName(parts.join(u", "_s));
}

void LedgerBar::setTabNeighbours(QWidget *before, QWidget *after)
{
    m_tabBefore = before;
    m_tabAfter = after;
    chainTabOrder();
}

void LedgerBar::chainTabOrder()
{
    if (!m_tabBefore)
        return;
    QWidget *previous = m_tabBefore;
    for (QToolButton *button : std::as_const(m_buttons)) {
        setTabOrder(previous, button);
        previous = button;
    }
    if (m_tabAfter)
        setTabOrder(previous, m_tabAfter);
}

void LedgerBar::setActionsOffered(bool offered)
{
    m_offered = offered;
    updateButtons();
}

void LedgerBar::setActionEnabled(Action action, bool enabled, const QString &toolTip)
{
    (action == Action::Revoke ? m_revoke : m_editRule) = Gate {enabled, toolTip};
    updateButtons();
}

QToolButton *LedgerBar::lineButton(int line) const
{
    if (line < 0 || line >= m_buttons.size() || m_buttons.at(line)->isHidden())
        return nullptr;
    return m_buttons.at(line);
}

bool LedgerBar::offersRevoke(SeatLedger::Category category)
{
    switch (category) {
    case SeatLedger::Category::InUse:
    case SeatLedger::Category::ActivityUnknown:
    case SeatLedger::Category::Idle:
    case SeatLedger::Category::SecondSeat:
    case SeatLedger::Category::Expiring:
    case SeatLedger::Category::OverCount:
        return true;
    // A borrowed seat's laptop holds a signed lease the server cannot recall: revoking would only
    // free the seat here while the lease still works offline.
    case SeatLedger::Category::Borrowed:
    // An expired row holds no seat: the reaper (or Force reap) takes it, there is nothing to revoke.
    case SeatLedger::Category::Expired:
    case SeatLedger::Category::ReservedIdle:
    case SeatLedger::Category::Free:
        return false;
    }
    return false;
}

bool LedgerBar::offersRule(SeatLedger::Category category)
{
    return category == SeatLedger::Category::Idle || category == SeatLedger::Category::ReservedIdle;
}

void LedgerBar::updateButtons()
{
    // A past ledger (or none) has nobody left to act on.
    const bool live = m_offered && m_report && !m_report->isPast();
    const QList<SeatLedger::Line> lines = m_report ? m_report->ledger.lines : QList<SeatLedger::Line>();
    for (qsizetype i = 0; i < m_buttons.size(); ++i) {
        QToolButton *button = m_buttons.at(i);
        const bool revoke
            = live && i < lines.size() && offersRevoke(lines.at(i).category) && !lines.at(i).holdings.isEmpty();
        const bool rule = live && i < lines.size() && i < m_lines.size() && offersRule(lines.at(i).category);
        if (!revoke && !rule) {
            button->hide();
            continue;
        }
        button->setText(tr("Actions"));
        button->setAccessibleName(tr("Actions: %1").arg(m_lines.value(i)));
        const bool enabled = (revoke && m_revoke.enabled) || (rule && m_editRule.enabled);
        button->setEnabled(enabled);
        if (enabled) {
            button->setToolTip(revoke ? tr("Revoke these seats, or edit the rule behind them")
                                      : tr("Edit the rule behind these seats"));
        } else {
            QStringList why;
            if (revoke)
                why << m_revoke.toolTip;
            if (rule && !why.contains(m_editRule.toolTip))
                why << m_editRule.toolTip;
            why.removeAll(QString());
            button->setToolTip(why.join(u'\n'));
        }
        button->show();
    }
}

void LedgerBar::fillMenu(int line)
{
    m_menu->clear();
    if (!m_report || line < 0 || line >= m_report->ledger.lines.size())
        return;
    const SeatLedger::Line &entry = m_report->ledger.lines.at(line);
    const QString &licenseId = m_report->licenseId;
    if (offersRevoke(entry.category)) {
        const qsizetype listed = std::min(entry.holdings.size(), maxListedHolders);
        for (qsizetype i = 0; i < listed; ++i) {
            const SeatLedger::Holding &holding = entry.holdings.at(i);
            const HeldSeat seat {licenseId, holding.seatId, holding.holder};
            for (const bool block : {false, true}) {
                QAction *action = m_menu->addAction(block ? tr("Revoke and block %1…").arg(menuText(holding.holder))
                                                          : tr("Revoke %1…").arg(menuText(holding.holder)));
                action->setEnabled(m_revoke.enabled);
                action->setToolTip(m_revoke.toolTip);
                connect(action, &QAction::triggered, this,
                        [this, seat, block] { Q_EMIT revokeRequested(seat, block); });
            }
        }
        if (entry.holdings.size() > listed) {
            m_menu->addAction(tr("%n more in the holders table", nullptr, int(entry.holdings.size() - listed)))
                ->setEnabled(false);
        }
    }
    if (offersRule(entry.category)) {
        if (!m_menu->isEmpty())
            m_menu->addSeparator();
        QAction *action
            = m_menu->addAction(entry.category == SeatLedger::Category::ReservedIdle ? tr("Edit the reservation rule…")
                                                                                     : tr("Edit the idle seats rule…"));
        action->setEnabled(m_editRule.enabled);
        action->setToolTip(m_editRule.toolTip);
        const SeatLedger::Category category = entry.category;
        connect(action, &QAction::triggered, this,
                [this, licenseId, category] { Q_EMIT editRuleRequested(licenseId, category); });
    }
}

void LedgerBar::showLineMenu(int line, std::optional<QPoint> globalPos)
{
    QToolButton *button = lineButton(line);
    if (!button || !button->isEnabled())
        return;
    fillMenu(line);
    if (m_menu->isEmpty())
        return;
    m_menu->popup(globalPos.value_or(button->mapToGlobal(QPoint(0, button->height()))));
}

void LedgerBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        refreshText();
    QWidget::changeEvent(event);
}

StatePalette::Role LedgerBar::roleOf(SeatLedger::Category category)
{
    switch (category) {
    case SeatLedger::Category::InUse:
        return StatePalette::Live;
    case SeatLedger::Category::ActivityUnknown:
        return StatePalette::Accent;
    case SeatLedger::Category::Idle:
        return StatePalette::Idle;
    case SeatLedger::Category::SecondSeat:
        return StatePalette::Revoked;
    case SeatLedger::Category::Borrowed:
        return StatePalette::Borrowed;
    case SeatLedger::Category::Expiring:
        return StatePalette::Expiring;
    case SeatLedger::Category::ReservedIdle:
        return StatePalette::ReservedSeat;
    case SeatLedger::Category::Free:
        return StatePalette::Muted;
    case SeatLedger::Category::OverCount:
        return StatePalette::Failed;
    case SeatLedger::Category::Expired:
        return StatePalette::Expired;
    }
    return StatePalette::Muted;
}

QString LedgerBar::categoryName(SeatLedger::Category category, const QString &group)
{
    switch (category) {
    case SeatLedger::Category::InUse:
        return tr("in active use");
    case SeatLedger::Category::ActivityUnknown:
        return tr("in use, activity unknown");
    case SeatLedger::Category::Idle:
        return tr("held but idle");
    case SeatLedger::Category::SecondSeat:
        return tr("a second seat of the same person");
    case SeatLedger::Category::Borrowed:
        return tr("borrowed, away from the site");
    case SeatLedger::Category::Expiring:
        return tr("no longer renewed");
    case SeatLedger::Category::ReservedIdle:
        return tr("reserved for %1, unused").arg(group);
    case SeatLedger::Category::Free:
        return tr("free");
    case SeatLedger::Category::OverCount:
        return tr("above the seat count");
    case SeatLedger::Category::Expired:
        return tr("expired, awaiting the reaper");
    }
    return {};
}

} // namespace keyright
