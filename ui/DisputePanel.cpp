#include "DisputePanel.h"

#include "Durations.h"
#include "LeaseTableModel.h"
#include "LedgerBar.h"
#include "StatePalette.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// The time of day, with the date when it is not the disputed moment's day (a seat granted the
// day before, or a year before).
QString timeText(const QDateTime &t, const QDateTime &moment)
{
    return LeaseTableModel::formatTime(t, moment);
}

QString relative(const QDateTime &at, const QDateTime &t)
{
    if (!at.isValid() || !t.isValid())
        return {};
    // The one duration format of the dashboard (formatDuration), whole seconds as the countdowns show.
    const qint64 s = at.secsTo(t);
    const QString span = formatDuration(std::chrono::seconds {s < 0 ? -s : s});
    return s >= 0 ? DisputePanel::tr("in %1").arg(span) : DisputePanel::tr("%1 ago").arg(span);
}

} // namespace

DisputePanel::DisputePanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_sentence(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_seats(new QTreeWidget(this))
    , m_note(new QLabel(this))
    , m_ledger(new LedgerBar(this))
{
    setObjectName(u"disputePanel"_s);
    // The panel scrolls: the ledger's sentences wrap rather than lose their ends (walk 45).
    m_ledger->setWrapping(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.1);
    m_title->setFont(bold);
    QFont sentenceFont = m_sentence->font();
    sentenceFont.setBold(true);
    m_sentence->setFont(sentenceFont);
    m_sentence->setWordWrap(true);
    m_sentence->setTextFormat(Qt::PlainText);
    m_sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_sentence->setObjectName(u"disputeSentence"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(u"color: palette(mid);"_s);
    m_seats->setRootIsDecorated(false);
    m_seats->setAlternatingRowColors(true);
    m_seats->header()->setStretchLastSection(true);
    m_summary->setObjectName(u"disputeSummary"_s);
    m_title->setObjectName(u"disputeTitle"_s);
    m_note->setObjectName(u"disputeNote"_s);
    // The texts wrap to the panel's width and take the height they need: in the main window
    // (whose tabs do not pass a height-for-width on) a short screen, 1280x720 at 150 %, cut the
    // summary and the note's last line. Now the panel scrolls instead, and the list keeps room for
    // a few seats and grows with the rest.
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(u"disputeScroll"_s);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *content = new QWidget(m_scroll);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_sentence);
    layout->addWidget(m_summary);
    layout->addWidget(m_seats);
    layout->addWidget(m_ledger);
    layout->addWidget(m_note);
    // What the texts and the list leave goes under them, not into an empty box in the list that
    // pushed the ledger below the fold (walk 150).
    layout->addStretch(1);
    m_layout = layout;
    m_scroll->setWidget(content);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_scroll);
    retranslate();
}

void DisputePanel::showDispute(const Dispute &dispute)
{
    m_dispute = dispute;
    m_eventTitle.clear();
    render();
}

void DisputePanel::showEventDetails(const QString &title, const QString &details, const QString &facts)
{
    m_dispute = {};
    m_ledger->setReport(std::nullopt);
    m_eventTitle = title;
    m_eventDetails = details;
    m_eventFacts = facts;
    render();
}

void DisputePanel::clear()
{
    m_dispute = {};
    m_eventTitle.clear();
    m_ledger->setReport(std::nullopt);
    render();
}

void DisputePanel::showLedger(const std::optional<LedgerReport> &report)
{
    // A denial's, or a refused borrow's read whole (who held the seats on site then).
    m_ledger->setReport(m_dispute.isValid() || !m_eventTitle.isEmpty() ? report : std::nullopt);
}

QStringList DisputePanel::shownHolders() const
{
    QStringList holders;
    for (int i = 0; i < m_seats->topLevelItemCount(); ++i)
        holders << m_seats->topLevelItem(i)->text(0);
    return holders;
}

QString DisputePanel::summaryText() const
{
    return m_summary->text();
}

QString DisputePanel::sentenceText() const
{
    return m_sentence->text();
}

QString DisputePanel::noteText() const
{
    return m_note->text();
}

void DisputePanel::render()
{
    m_seats->clear();
    const Dispute &d = m_dispute;
    if (!d.isValid() && !m_eventTitle.isEmpty()) {
        m_title->setText(m_eventTitle);
        m_title->show();
        m_sentence->setText(m_eventDetails);
        m_sentence->setStyleSheet(QString());
        m_sentence->setVisible(!m_eventDetails.isEmpty());
        m_summary->setText(m_eventFacts);
        m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        m_layout->setStretchFactor(m_summary, 0);
        m_layout->setStretch(m_layout->count() - 1, 1);
        m_note->clear();
        m_seats->hide();
        return;
    }
    if (!d.isValid()) {
        // No title over nothing: the hint alone, in the middle of the panel.
        m_title->hide();
        m_sentence->hide();
        m_sentence->clear();
        m_summary->setText(tr("Select a <b>denied</b> event to see who held every seat at that moment, or any "
                              "other event to read it whole."));
        m_summary->setAlignment(Qt::AlignCenter);
        m_layout->setStretchFactor(m_summary, 1);
        m_layout->setStretch(m_layout->count() - 1, 0); // the hint in the middle of the panel
        m_note->clear();
        m_seats->hide();
        return;
    }
    m_title->setText(tr("Who held the seats"));
    m_title->show();
    // The answer first, in the words of the rule that refused: the rest of the panel is the evidence.
    m_sentence->setText(DisputeReconstruction::sentence(d));
    m_sentence->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Denied, palette()).name()));
    m_sentence->show();
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_layout->setStretchFactor(m_summary, 0);
    m_layout->setStretch(m_layout->count() - 1, 1);
    m_seats->show();
    QStringList shares;
    for (const DisputeHolderShare &s : d.shares)
        shares << tr("%1 (%n seat(s))", nullptr, s.seats).arg(s.holder.toHtmlEscaped());
    const QString at = d.at.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s);
    QString text;
    // Nobody held a seat (the seats were reserved, or the rules refused): said so, not "by 0 holders: .".
    if (d.inUse == 0 && d.shares.isEmpty())
        text = tr("At <b>%1</b>, <b>%2</b> was refused a seat of <b>%3</b> while none of its %n seat(s) was held.",
                  nullptr, d.seatCount)
                   .arg(at, d.deniedHolder.toHtmlEscaped(), d.licenseId.toHtmlEscaped());
    else if (d.shares.isEmpty())
        text = tr("At <b>%1</b>, <b>%2</b> was refused a seat of <b>%3</b>: <b>%4 of %n</b> seat(s) were held.",
                  nullptr, d.seatCount)
                   .arg(at, d.deniedHolder.toHtmlEscaped(), d.licenseId.toHtmlEscaped(), QString::number(d.inUse));
    else
        text = tr("At <b>%1</b>, <b>%2</b> was refused a seat of <b>%3</b>: <b>%4 of %n</b> seat(s) were held, by "
                  "%5.",
                  nullptr, d.seatCount)
                   .arg(at, d.deniedHolder.toHtmlEscaped(), d.licenseId.toHtmlEscaped(), QString::number(d.inUse),
                        tr("%n holder(s): %1", nullptr, int(d.shares.size())).arg(shares.join(u", "_s)));
    if (!d.shares.isEmpty() && d.shares.first().seats > 1)
        text += u"<br>"_s
            + tr("%1 held %2 seats at once: one per running instance, or seats left by sessions that did not end.")
                  .arg(d.shares.first().holder.toHtmlEscaped())
                  .arg(d.shares.first().seats);
    if (!d.waiting.isEmpty()) {
        QStringList line;
        for (const DisputeTicket &t : d.waiting)
            line << t.holder.toHtmlEscaped();
        text += u"<br>"_s
            + tr("%n holder(s) were waiting in line: %1.", nullptr, int(d.waiting.size())).arg(line.join(u", "_s));
    }
    m_summary->setText(text);

    for (const DisputeSeat &seat : d.seats) {
        auto *item = new QTreeWidgetItem(m_seats);
        item->setText(0, seat.holder);
        item->setText(1, seat.seatId.left(8));
        item->setToolTip(1, seat.seatId);
        item->setText(2, QString::number(seat.generation));
        item->setText(3, timeText(seat.grantedAt.isValid() ? seat.grantedAt : seat.issuedAt, d.at));
        item->setText(4, seat.counted ? relative(d.at, seat.expiresAt) : QString());
        if (seat.expiryUnknown)
            item->setToolTip(4, tr("Renewals leave no event: the expiry this seat had then is not known."));
        QString note;
        QColor color;
        if (!seat.counted) {
            note = tr("not counted: lapsed without a release");
            color = StatePalette::colour(StatePalette::Muted);
        } else if (seat.withinSkewOnly) {
            note = tr("counted within the skew tolerance");
            color = StatePalette::colour(StatePalette::Pending);
        } else if (seat.borrowed) {
            // Away on a laptop (issue 27): not an unexplained older grant, whether or not its
            // borrow is among the loaded events.
            const QString until = timeText(seat.expiresAt, d.at);
            note = seat.writtenOff
                ? tr("borrowed by %1 until %2, written off: counted until then").arg(seat.holder, until)
                : tr("borrowed by %1 until %2: counted until returned or expired").arg(seat.holder, until);
            color = StatePalette::colour(StatePalette::Borrowed);
        } else if (!seat.replayed) {
            note = tr("granted before the loaded events");
        } else if (seat.expiryUnknown) {
            note = tr("counted: held since its grant, expiry then not known");
        } else if (!seat.reservation.isEmpty()) {
            note = tr("counted against the reservation of %1").arg(seat.reservation);
        } else {
            note = tr("counted");
        }
        item->setText(5, note);
        if (color.isValid()) {
            for (int c = 0; c < 6; ++c)
                item->setForeground(c, color);
        }
    }
    for (int c = 0; c < 5; ++c)
        m_seats->resizeColumnToContents(c);
    // The note column as wide as its longest note, so the splitter never leaves the note
    // "counte…": the list scrolls sideways instead. The list's width does not follow its columns:
    // it pushed the splitter at each selection, and the events table's last columns behind a
    // scroll bar.
    const QFontMetrics metrics(m_seats->font());
    int noteWidth = QFontMetrics(m_seats->header()->font()).horizontalAdvance(m_seats->headerItem()->text(5)) + 24;
    for (int i = 0; i < m_seats->topLevelItemCount(); ++i)
        noteWidth = std::max(noteWidth, metrics.horizontalAdvance(m_seats->topLevelItem(i)->text(5)) + 24);
    m_seats->setColumnWidth(5, noteWidth);
    fitSeatsHeight();
    QStringList notes;
    notes << (d.serverListed ? tr("Seats as listed by the server at the denial, checked against the replayed grants "
                                  "and releases.")
                             : tr("Rebuilt from the grants, releases, revocations and reaps before the denial."));
    if (d.notReturned > 0)
        notes << tr("%n seat(s) granted earlier were never released: their applications stopped without releasing; "
                    "they no longer counted.",
                    nullptr, d.notReturned);
    const QString rules = DisputeReconstruction::rulesNote(d);
    if (!rules.isEmpty())
        notes << rules;
    m_note->setText(notes.join(u' '));
}

void DisputePanel::fitSeatsHeight()
{
    // As tall as its rows (and the sideways scroll bar the note column may need), so the ledger
    // follows the last seat; a long list keeps a few rows and scrolls.
    const int rows = m_seats->topLevelItemCount();
    const int row = rows > 0 ? m_seats->sizeHintForRow(0) : m_seats->fontMetrics().height() + 4;
    const int all = m_seats->header()->sizeHint().height() + rows * row + 2 * m_seats->frameWidth()
        + m_seats->horizontalScrollBar()->sizeHint().height();
    const int few = m_seats->fontMetrics().height() * 6; // the header and three seats
    m_seats->setMinimumHeight(std::min(all, few));
    m_seats->setMaximumHeight(all);
}

void DisputePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DisputePanel::retranslate()
{
    // A width of its own, the same for every denial (the splitter's handle still moves it), not
    // that of the longest holder name or note shown: a long one no longer widens the panel.
    setMinimumWidth(fontMetrics().averageCharWidth() * 32);
    fitSeatsHeight();
    m_title->setText(tr("Who held the seats"));
    m_seats->setHeaderLabels({tr("Holder"), tr("Seat"), tr("Gen."), tr("Since"), tr("Expiry"), tr("Note")});
    render();
}

} // namespace keyright
