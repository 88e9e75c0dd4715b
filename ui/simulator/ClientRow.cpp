#include "ClientRow.h"

#include "Durations.h"
#include "OffsetSlider.h"
#include "SimulatorPalette.h"
#include "StatePalette.h"
#include "Timestamps.h"
#include "simulator/SimulatedClient.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QTextDocument>
#include <QTextLayout>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace keyright {

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace {

QString clockText(const QDateTime &time)
{
    if (!time.isValid())
        return u"—"_s;
    // Tenths of a second: enough to see two clocks drift, few enough digits to read from afar.
    return time.toString(u"HH:mm:ss"_s) + u"."_s + QString::number(time.time().msec() / 100);
}

// A time as the row shows its clocks (in the zone of `local`, the row's local clock): to the tenth
// of a second when near, with its day when days away, or it reads as a time a few seconds ago; the
// month by its name, as "06/12/2026" reads as two different days in English.
QString timeText(const QDateTime &time, const QDateTime &local)
{
    const QDateTime shown = local.isValid() ? time.toTimeSpec(local.timeSpec()) : time;
    if (local.isValid() && std::abs(local.secsTo(shown)) < 12 * 3600)
        return clockText(shown);
    return QLocale().toString(shown, u"d MMM yyyy HH:mm"_s);
}

// `sentence` (a keeper's, written for a log: "the latest time seen (2026-12-06T03:01:34.401Z)")
// with each wire timestamp in it as the row shows its times (walk 55, 3).
QString withTimesShown(QString sentence, const QDateTime &local)
{
    static const QRegularExpression stamp(u"\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z"_s);
    qsizetype from = 0;
    while (true) {
        const QRegularExpressionMatch match = stamp.match(sentence, from);
        if (!match.hasMatch())
            break;
        const std::optional<QDateTime> time = parseTimestamp(match.captured());
        const QString shown = time ? timeText(*time, local) : match.captured();
        sentence.replace(match.capturedStart(), match.capturedLength(), shown);
        from = match.capturedStart() + shown.size();
    }
    return sentence;
}

QString offsetText(milliseconds offset)
{
    const double seconds = static_cast<double>(offset.count()) / 1000.0;
    if (offset.count() == 0)
        return ClientRow::tr("on time");
    const QString number = QString::number(std::abs(seconds), 'f', offset.count() % 1000 == 0 ? 0 : 1);
    return offset.count() > 0 ? ClientRow::tr("%1 s fast").arg(number) : ClientRow::tr("%1 s slow").arg(number);
}

void setBadge(QLabel *label, const QString &text, const QColor &background)
{
    const QColor bg = background.isValid() ? background : StatePalette::background(StatePalette::Muted);
    const QString html = u"<b>"_s + text.toHtmlEscaped() + u"</b>"_s;
    if (label->text() != html)
        label->setText(html);
    // Re-polishing a style sheet ten times a second per row is wasted work; only colour changes.
    const QString style = u"QLabel { background: %1; color: %2; border-radius: 4px; padding: 2px 6px; }"_s.arg(
        bg.name(), SimulatorPalette::textOn(bg).name());
    if (label->styleSheet() != style)
        label->setStyleSheet(style);
}

// A client's name (two lines at most, bold) or its policy (two lines, as wide as it needs for them
// when the row has room): a long one is cut at the end of its last line with "…", and the whole
// text goes to the tooltip. A name wrapped onto four lines made a row taller than the list on a
// 1280x720 projector at 150 %; a policy on one line read "Monotonic (s…" at 1440x900 (walk 55, 5).
class ElidingLabel final : public QLabel
{
public:
    ElidingLabel(QWidget *parent, int maxLines, bool bold, bool widenToFit = false)
        : QLabel(parent)
        , m_maxLines(maxLines)
        , m_bold(bold)
        , m_widenToFit(widenToFit)
    {
        setTextFormat(Qt::RichText);
        setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    }

    void setName(const QString &name)
    {
        if (name == m_name)
            return;
        m_name = name;
        setToolTip(name);
        updateGeometry();
        relayout();
    }
    QString name() const { return m_name; }

    QSize sizeHint() const override
    {
        // As wide as the name on one line, up to a width the identity column can spare (or, widening
        // to fit, the narrowest width that shows it whole in its lines).
        const QFontMetrics fm(bold());
        const int whole = fm.horizontalAdvance(m_name) + 2;
        int w = std::min(whole, fm.averageCharWidth() * 13);
        if (m_widenToFit && wrap(w).size() > m_maxLines) {
            int low = w;
            int high = whole;
            while (low < high) {
                const int mid = (low + high) / 2;
                if (wrap(mid).size() > m_maxLines)
                    low = mid + 1;
                else
                    high = mid;
            }
            w = low;
        }
        return {w, heightForWidth(w)};
    }
    QSize minimumSizeHint() const override
    {
        const int w = QFontMetrics(bold()).averageCharWidth() * 8;
        return {w, heightForWidth(w)};
    }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return linesFor(width) * QFontMetrics(bold()).lineSpacing(); }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QLabel::resizeEvent(event);
        relayout();
    }
    void changeEvent(QEvent *event) override
    {
        QLabel::changeEvent(event);
        if (event->type() == QEvent::FontChange)
            relayout();
    }

private:
    // The lines the name wraps into at `width`.
    QStringList wrap(int width) const
    {
        QStringList lines;
        QTextLayout layout(m_name, bold());
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(std::max(1, width));
            lines.append(m_name.mid(line.textStart(), line.textLength()).trimmed());
        }
        layout.endLayout();
        if (lines.isEmpty())
            lines.append(m_name);
        return lines;
    }
    QFont bold() const
    {
        QFont f = font();
        f.setBold(m_bold);
        return f;
    }
    int linesFor(int width) const { return std::clamp(int(wrap(width).size()), 1, m_maxLines); }
    void relayout()
    {
        const QFontMetrics fm(bold());
        const QStringList lines = wrap(width());
        QStringList shown;
        for (qsizetype i = 0; i < lines.size() && i < m_maxLines; ++i) {
            // The last line shown takes the rest, cut with "…" when it is too long.
            const QString line = i + 1 == m_maxLines ? lines.mid(i).join(u' ') : lines.at(i);
            shown.append(fm.elidedText(line, Qt::ElideRight, width()).toHtmlEscaped());
        }
        QString html = shown.join(u"<br>"_s);
        if (m_bold)
            html = u"<b>"_s + html + u"</b>"_s;
        if (text() != html)
            QLabel::setText(html);
    }

    QString m_name;
    int m_maxLines = 2;
    bool m_bold = false;
    bool m_widenToFit = false;
};

// A badge that reads on one line where its line has room, and wraps (rather than widen the line)
// where it has not: a word-wrapped QLabel alone wraps as soon as it is two words long.
class WrappingBadge final : public QLabel
{
public:
    explicit WrappingBadge(QWidget *parent)
        : QLabel(parent)
    {
        setTextFormat(Qt::RichText);
        setWordWrap(true);
    }

    QSize sizeHint() const override
    {
        QTextDocument document;
        document.setDocumentMargin(0);
        document.setDefaultFont(font());
        document.setHtml(text());
        // The frame, the style sheet's padding and the margins around the text.
        const int extra = width() - contentsRect().width() + 2 * margin();
        const int w = static_cast<int>(std::ceil(document.idealWidth())) + extra + 2;
        return {w, heightForWidth(w)};
    }
};

// The name column or the facts column of a row: as wide as its own text wants, or as the widest
// row's when the view shares that one out (a grid lays out columns of equal hints and minimums
// equally, so every row's strip starts at the same x).
class LeadColumn final : public QWidget
{
public:
    using QWidget::QWidget;

    int ownHint() const { return layout()->sizeHint().width(); }
    int ownMinimum() const { return layout()->minimumSize().width(); }
    void setShared(int hint, int minimum)
    {
        if (hint == m_hint && minimum == minimumWidth())
            return;
        m_hint = hint;
        setMinimumWidth(minimum);
        updateGeometry();
    }
    QSize sizeHint() const override
    {
        QSize hint = QWidget::sizeHint();
        hint.setWidth(std::max(hint.width(), m_hint));
        return hint;
    }

private:
    int m_hint = 0;
};

} // namespace

ClientRow::ClientRow(SimulatedClient *client, QWidget *parent)
    : QFrame(parent)
    , m_client(client)
{
    setFrameShape(QFrame::StyledPanel);
    setObjectName(u"simulatorClientRow"_s);

    // Long names and French policies wrap rather than push the buttons off the row's right end,
    // but only when the row is short of room.
    m_name = new ElidingLabel(this, 2, true);
    m_name->setObjectName(u"simulatorClientName"_s);
    m_policy = new ElidingLabel(this, 2, false, true);
    m_policy->setObjectName(u"simulatorClientPolicy"_s);
    m_instance = new QLabel(this);
    m_instance->setObjectName(u"simulatorInstance"_s);
    m_instance->setTextFormat(Qt::RichText);
    m_instance->hide();
    m_offset = new OffsetSlider(this);
    m_offset->setRange(-300, 300);
    m_offset->setSingleStep(1);
    m_offset->setPageStep(10);
    m_offsetLabel = new QLabel(this);

    auto *identity = new QVBoxLayout;
    identity->setSpacing(2);
    identity->addWidget(m_name);
    identity->addWidget(m_policy);
    identity->addWidget(m_instance);
    // The slider over its value, not beside it: side by side in a narrow column the slider was
    // squeezed to a handle that looked like a check box.
    m_offset->setMinimumWidth(QFontMetrics(font()).averageCharWidth() * 12);
    identity->addWidget(m_offset);
    identity->addWidget(m_offsetLabel);
    // The network cut gets its own badge on the buttons' line rather than a longer client badge:
    // a wider facts column squeezed the strip of an offline row.
    // "hors ligne, de retour dans 25s" wraps rather than widen the buttons' line past the pane on a
    // projector at 150 %.
    m_network = new WrappingBadge(this);
    m_network->setObjectName(u"simulatorNetworkBadge"_s);
    m_network->hide();
    identity->addStretch();

    m_localClock = new QLabel(this);
    m_serverClock = new QLabel(this);
    m_expiry = new QLabel(this);
    m_expiry->setObjectName(u"simulatorExpiry"_s);
    m_belief = new QLabel(this);
    m_server = new QLabel(this);
    // A long state ("expiré · en attente de nettoyage") wraps onto a second line instead of
    // widening the column until the buttons beside it are cut off.
    for (QLabel *badge : {m_belief, m_server})
        badge->setWordWrap(true);
    auto *facts = new QGridLayout;
    facts->setVerticalSpacing(2);
    facts->setHorizontalSpacing(8);
    m_localClockCaption = new QLabel(this);
    m_serverClockCaption = new QLabel(this);
    m_expiryCaption = new QLabel(this);
    m_beliefCaption = new QLabel(this);
    m_serverCaption = new QLabel(this);
    facts->addWidget(m_localClockCaption, 0, 0);
    facts->addWidget(m_localClock, 0, 1);
    facts->addWidget(m_serverClockCaption, 1, 0);
    facts->addWidget(m_serverClock, 1, 1);
    facts->addWidget(m_expiryCaption, 2, 0);
    facts->addWidget(m_expiry, 2, 1);
    facts->addWidget(m_beliefCaption, 3, 0);
    facts->addWidget(m_belief, 3, 1);
    facts->addWidget(m_serverCaption, 4, 0);
    facts->addWidget(m_server, 4, 1);
    // Spare height below the facts, not inside the badges.
    facts->setRowStretch(5, 1);

    m_strip = new TimelineStrip(client, this);
    m_crash = new QPushButton(this);
    m_cutButton = new QPushButton(this);
    m_backButton = new QPushButton(this);
    m_release = new QPushButton(this);
    m_remove = new QPushButton(this);
    // The buttons on one line under the whole row, not under the strip: three a line under it
    // made the row too tall for two rows to show on a 1280x720 projector at 150 %, and the
    // strip too wide for its pane.
    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(4);
    for (QPushButton *button : {m_crash, m_cutButton, m_backButton, m_release, m_remove}) {
        button->setAutoDefault(false);
        buttons->addWidget(button);
    }
    buttons->addWidget(m_network);
    buttons->addStretch(1);
    // The sentence a borrowing application is told (a refused borrow, a lease refused offline),
    // whole: it is what the room reads out. On a line of its own under the buttons, the row's
    // whole width: beside them, on a projector at 150 %, it was squeezed into a column of
    // fragments and pushed the row (and the strip's "now") past the pane's edge.
    m_sentence = new QLabel(this);
    m_sentence->setObjectName(u"simulatorSentence"_s);
    m_sentence->setWordWrap(true);
    m_sentence->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_sentence->hide();

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->setVerticalSpacing(2);
    // The strip takes what is left: on a 1280-pixel projector it must never push "now" off screen.
    // Each in a box whose widths the view can make every row's (setLeadWidths).
    m_identity = new LeadColumn(this);
    m_identity->setLayout(identity);
    m_facts = new LeadColumn(this);
    m_facts->setLayout(facts);
    for (QLayout *lead : {static_cast<QLayout *>(identity), static_cast<QLayout *>(facts)})
        lead->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_identity, 0, 0);
    layout->addWidget(m_facts, 0, 1);
    layout->addWidget(m_strip, 0, 2, Qt::AlignTop);
    layout->addLayout(buttons, 1, 0, 1, 3);
    layout->addWidget(m_sentence, 2, 0, 1, 3);
    layout->setColumnStretch(2, 1);

    retranslateUi();

    if (!client)
        return;
    m_offset->setValue(static_cast<int>(client->offset().count() / 1000));
    updateOffsetLabel();
    connect(m_offset, &QSlider::valueChanged, this, [this](int seconds) {
        if (m_client && m_client->offset() / 1000 != milliseconds {seconds} / 1000)
            m_client->setOffset(std::chrono::seconds {seconds});
        updateOffsetLabel();
    });
    connect(m_crash, &QPushButton::clicked, this, [this] {
        if (m_client)
            m_client->crash();
    });
    connect(m_cutButton, &QPushButton::clicked, this, [this] {
        if (m_client)
            m_client->cutNetwork(m_cut);
    });
    connect(m_backButton, &QPushButton::clicked, this, [this] {
        if (m_client)
            m_client->setClockBack(m_back);
    });
    connect(m_release, &QPushButton::clicked, this, [this] {
        if (m_client)
            m_client->release();
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (m_client)
            Q_EMIT removeRequested(m_client);
    });
}

ClientRow::LeadWidths ClientRow::LeadWidths::widest(const LeadWidths &other) const
{
    return {std::max(identityHint, other.identityHint), std::max(identityMinimum, other.identityMinimum),
            std::max(factsHint, other.factsHint), std::max(factsMinimum, other.factsMinimum)};
}

ClientRow::LeadWidths ClientRow::leadWidths() const
{
    const auto *identity = static_cast<const LeadColumn *>(m_identity);
    const auto *facts = static_cast<const LeadColumn *>(m_facts);
    return {identity->ownHint(), identity->ownMinimum(), facts->ownHint(), facts->ownMinimum()};
}

void ClientRow::setLeadWidths(const LeadWidths &widths)
{
    static_cast<LeadColumn *>(m_identity)->setShared(widths.identityHint, widths.identityMinimum);
    static_cast<LeadColumn *>(m_facts)->setShared(widths.factsHint, widths.factsMinimum);
}

void ClientRow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    // Labels with a style sheet (the badges) do not follow the row's font on their own: the
    // projector's text size must reach them too.
    if (event->type() == QEvent::FontChange) {
        for (QLabel *badge : {m_belief, m_server, m_network})
            badge->setFont(font());
    }
    QFrame::changeEvent(event);
}

void ClientRow::retranslateUi()
{
    m_offset->setToolTip(tr("This machine's clock offset from the server, in seconds. Drag it while the client "
                            "runs to make its clock jump."));
    m_localClockCaption->setText(tr("Local clock"));
    m_serverClockCaption->setText(tr("Server clock"));
    m_expiryCaption->setText(tr("Signed expiry", "the expiry the lease carries"));
    m_beliefCaption->setText(tr("Client"));
    m_serverCaption->setText(tr("Server", "the server's view of the seat"));
    m_crash->setText(tr("Crash"));
    m_crash->setToolTip(tr("Stop without releasing the seat, as a crashed application would."));
    m_release->setText(tr("Release"));
    m_release->setToolTip(tr("Give the seat back, as a closing application does."));
    m_remove->setText(tr("Remove", "a simulated client"));
    m_remove->setToolTip(tr("Release the seat and take this client off the simulation."));
    setActionAmounts(m_cut, m_back);
    if (!m_client)
        return;
    static_cast<ElidingLabel *>(m_name)->setName(m_client->name());
    static_cast<ElidingLabel *>(m_policy)->setName(policyText());
    updateOffsetLabel();
}

QString ClientRow::policyText() const
{
    if (!m_client)
        return {};
    // A borrowed lease is held by the offline check, not by the keeper's lapse rule.
    if (m_client->isBorrowing())
        //: The rule a simulated laptop holding a borrowed seat goes by: the lease file checked with no server.
        return tr("Offline check (borrowed)");
    return m_client->policy() == LeaseKeeper::ExpiryPolicy::Monotonic ? tr("Monotonic (stopwatch)")
                                                                      : tr("Signed expiry (wall clock)");
}

void ClientRow::setActionAmounts(std::chrono::seconds cut, std::chrono::minutes back)
{
    m_cut = cut;
    m_back = back;
    m_cutButton->setText(tr("Cut %1 s").arg(cut.count()));
    m_cutButton->setToolTip(tr("Every request of this client fails as if the cable were pulled, for %1 seconds of "
                               "simulated time.")
                                .arg(cut.count()));
    m_backButton->setText(tr("−%1 min").arg(back.count()));
    m_backButton->setToolTip(tr("Set this machine's clock back by %1 minutes: the rollback trick.").arg(back.count()));
}

void ClientRow::updateOffsetLabel()
{
    if (!m_client)
        return;
    m_offsetLabel->setText(offsetText(m_client->offset()));
}

QString ClientRow::beliefText() const
{
    if (!m_client)
        return {};
    const LeaseKeeper &keeper = m_client->keeper();
    if (const QDateTime at = keeper.reclaimAt(); at.isValid() && keeper.state() == LeaseKeeper::State::Holding) {
        // On the clock the row shows as the server's, so the room can watch one reach the other.
        //: A simulated client the server warned: its idle seat goes to someone waiting at %1 (a time) unless used.
        return tr("warned · seat goes at %1").arg(at.toTimeSpec(m_serverTimeSpec).toString(u"HH:mm:ss"_s));
    }
    if (keeper.state() == LeaseKeeper::State::Waiting) {
        const auto ticket = keeper.ticket();
        //: A simulated client waiting in the license's line; %1 is its place (1: next to get a seat).
        return ticket && ticket->position > 0 ? tr("in line · place %1").arg(ticket->position) : tr("in line");
    }
    if (m_client->isBorrowing()) {
        switch (keeper.state()) {
        case LeaseKeeper::State::Holding:
            //: A simulated laptop holding a borrowed seat, checked on the laptop with no server.
            return tr("borrowed · held offline");
        case LeaseKeeper::State::Degraded:
            //: A simulated laptop whose offline check refuses its borrowed lease now.
            return tr("borrowed · refused offline");
        case LeaseKeeper::State::Stopped:
            return m_client->serverView().state == ServerSeatView::State::Returned ? tr("returned · stopped")
                                                                                   : tr("released · stopped");
        case LeaseKeeper::State::Idle:
        case LeaseKeeper::State::Acquiring:
        case LeaseKeeper::State::Waiting:
            break;
        }
    }
    if (!m_client->borrowRefusal().isEmpty() && keeper.state() == LeaseKeeper::State::Idle)
        //: A simulated laptop the server would not lend a seat to.
        return tr("borrow refused");
    switch (m_client->belief()) {
    case SimulatedClient::Belief::NotStarted:
        return tr("not started");
    case SimulatedClient::Belief::Acquiring:
        return tr("checking out…");
    case SimulatedClient::Belief::Acting:
        return tr("live · acting");
    case SimulatedClient::Belief::Lapsed:
        return tr("lapsed · re-acquiring");
    case SimulatedClient::Belief::Degraded:
        return tr("lapsed · degraded");
    case SimulatedClient::Belief::Stopped:
        return m_client->isCrashed() ? tr("crashed") : tr("released · stopped");
    }
    return {};
}

QString ClientRow::sentenceText() const
{
    if (!m_client)
        return {};
    const LeaseKeeper &keeper = m_client->keeper();
    if (m_client->isBorrowing() && keeper.state() == LeaseKeeper::State::Degraded)
        return withTimesShown(keeper.lastError(), m_client->localClock().now());
    if (keeper.state() == LeaseKeeper::State::Idle)
        return m_client->borrowRefusal();
    return {};
}

QString ClientRow::instanceText() const
{
    if (!m_client || m_client->instance() < 0)
        return {};
    return tr("Instance %1").arg(m_client->instance() + 1);
}

QString ClientRow::localClockText() const
{
    return m_localClock->text();
}

QString ClientRow::serverText() const
{
    if (!m_client)
        return {};
    switch (m_client->serverView().state) {
    case ServerSeatView::State::NoSeat:
        return tr("no seat");
    case ServerSeatView::State::Live:
        //: A borrowed seat the server counts although no heartbeat comes.
        return m_client->isBorrowing() ? tr("borrowed · counted") : tr("live · counted");
    case ServerSeatView::State::ExpiredAwaitingReap:
        return tr("expired · awaiting reap");
    case ServerSeatView::State::Released:
        return tr("released", "seat state on the server");
    case ServerSeatView::State::Reaped:
        return tr("reaped", "seat state on the server");
    case ServerSeatView::State::Revoked:
        return tr("revoked", "seat state on the server");
    case ServerSeatView::State::Reclaimed:
        return tr("reclaimed · given to a waiter", "seat state on the server");
    case ServerSeatView::State::Returned:
        //: A borrowed seat given back before the end of the borrow, free again on the server.
        return tr("returned early", "seat state on the server");
    case ServerSeatView::State::Gone:
        return tr("row gone");
    }
    return {};
}

void ClientRow::refresh(const QDateTime &serverNow, const TimelineStrip::Axis &axis)
{
    if (!m_client)
        return;
    // The name can change with the language (a scenario's scripted clients).
    static_cast<ElidingLabel *>(m_name)->setName(m_client->name());
    static_cast<ElidingLabel *>(m_policy)->setName(policyText());
    const QDateTime local = m_client->localClock().now();
    QString localText = clockText(local);
    if (serverNow.isValid()) {
        // The offset the room actually sees, including what pause and speed-up added.
        // Signed by what is printed: a few milliseconds either way read "0.0 s", never "−0.0 s".
        const qint64 tenths = std::llround(static_cast<double>(serverNow.msecsTo(local)) / 100.0);
        const QString sign = tenths > 0 ? u"+"_s : (tenths < 0 ? u"−"_s : QString());
        localText += u"  ("_s + sign + QString::number(static_cast<double>(std::abs(tenths)) / 10.0, 'f', 1) + u" s)"_s;
    }
    m_localClock->setText(localText);
    m_serverClock->setText(clockText(serverNow));
    const auto lease = m_client->keeper().lease();
    // A borrow ends days away: its day too (timeText).
    const auto expiryText = [&local](const QDateTime &expiry) { return timeText(expiry, local); };
    if (lease)
        m_expiry->setText(expiryText(lease->expiresAt));
    else if (m_client->serverView().expiresAt.isValid())
        m_expiry->setText(tr("%1 (old)").arg(expiryText(m_client->serverView().expiresAt)));
    else
        m_expiry->setText(u"—"_s);

    if (serverNow.isValid())
        m_serverTimeSpec = serverNow.timeSpec();
    const QDateTime reclaimAt = m_client->keeper().reclaimAt();
    const bool warned = reclaimAt.isValid() && m_client->keeper().state() == LeaseKeeper::State::Holding;
    setBadge(m_belief, beliefText(),
             warned ? StatePalette::fill(StatePalette::Idle) : SimulatorPalette::belief(m_client->belief()));
    // What the application would tell its user, whole.
    const QString beliefTip = warned ? LeaseKeeper::warningText(reclaimAt) : QString();
    if (m_belief->toolTip() != beliefTip)
        m_belief->setToolTip(beliefTip);
    if (const QString instance = instanceText(); !instance.isEmpty()) {
        const QString html = u"<b>"_s + instance.toHtmlEscaped() + u"</b>"_s;
        if (m_instance->text() != html)
            m_instance->setText(html);
        m_instance->show();
    } else {
        m_instance->hide();
    }
    if (m_client->isNetworkCut()) {
        // A countdown, not the time since it went: "offline 26s" a second after the cut read as
        // elapsed time (walk 55, 6).
        //: A simulated client's network is cut; %1 is how long until it comes back (e.g. "25s").
        setBadge(m_network, tr("offline, back in %1").arg(formatDuration(m_client->networkCutRemaining())),
                 SimulatorPalette::networkCut());
        m_network->show();
    } else {
        m_network->hide();
    }
    setBadge(m_server, serverText(), SimulatorPalette::server(m_client->serverView().state));
    if (const QString sentence = sentenceText(); !sentence.isEmpty()) {
        if (m_sentence->text() != sentence)
            m_sentence->setText(sentence);
        m_sentence->show();
    } else {
        m_sentence->hide();
    }

    if (m_offset->value() != m_client->offset().count() / 1000) {
        const QSignalBlocker block(m_offset);
        m_offset->setValue(static_cast<int>(m_client->offset().count() / 1000));
    }
    updateOffsetLabel();
    const bool running = m_client->keeper().state() != LeaseKeeper::State::Stopped
        && m_client->keeper().state() != LeaseKeeper::State::Idle;
    m_crash->setEnabled(running);
    m_release->setEnabled(running);
    m_cutButton->setEnabled(running);
    m_strip->setAxis(axis);
}

} // namespace keyright
