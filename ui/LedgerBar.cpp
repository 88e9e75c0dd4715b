#include "LedgerBar.h"

#include "LedgerSentence.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

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
            const QColor fill = StatePalette::fill(roleOf(segment.category));
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
    , m_sentences(new QLabel(this))
{
    m_bar->setObjectName(u"ledgerBar"_s);
    m_sentences->setObjectName(u"ledgerSentences"_s);
    m_sentences->setTextFormat(Qt::PlainText);
    // One line per sentence, cut to the pane's width (the whole of each in the tooltip), so a
    // narrow pane at 150 % keeps room for the holders.
    m_sentences->setWordWrap(false);
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
    m_report = report;
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

void LedgerBar::elideLines()
{
    const QFontMetrics metrics = m_sentences->fontMetrics();
    const int width = std::max(m_sentences->width(), 40);
    QStringList shown;
    for (const QString &line : std::as_const(m_lines))
        shown << metrics.elidedText(line, Qt::ElideRight, width);
    m_sentences->setText(shown.join(u'\n'));
    m_sentences->setToolTip(shown == m_lines ? QString() : m_lines.join(u'\n'));
}

void LedgerBar::refreshText()
{
    m_lines = m_report ? ledgerSentences(*m_report, QTimeZone::systemTimeZone()) : QStringList();
    elideLines();
    QStringList parts;
    if (m_report) {
        for (const Segment &segment : segments())
            parts << tr("%1: %n seat(s)", nullptr, segment.seats).arg(categoryName(segment.category, segment.group));
    }
    m_bar->setAccessibleName(parts.join(u", "_s));
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
