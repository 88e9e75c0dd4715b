#include "ClientRow.h"

#include "Durations.h"
#include "OffsetSlider.h"
#include "SimulatorPalette.h"
#include "StatePalette.h"
#include "simulator/SimulatedClient.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QtMath>

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

// A word-wrapping label that asks for one line: QLabel's own wrapped size hint picks a narrow
// block and wraps even where there is room; this one wraps only when the layout gives it less.
class OneLineFirstLabel final : public QLabel
{
public:
    explicit OneLineFirstLabel(QWidget *parent)
        : QLabel(parent)
    {
        setWordWrap(true);
    }

    QSize sizeHint() const override
    {
        QTextDocument document;
        document.setDefaultFont(font());
        document.setDocumentMargin(0);
        if (Qt::mightBeRichText(text()) || textFormat() == Qt::RichText)
            document.setHtml(text());
        else
            document.setPlainText(text());
        const QMargins m = contentsMargins();
        return QSize(qCeil(document.idealWidth()) + m.left() + m.right() + 2 * margin(),
                     heightForWidth(qCeil(document.idealWidth()) + m.left() + m.right() + 2 * margin()));
    }
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
    m_name = new OneLineFirstLabel(this);
    m_name->setTextFormat(Qt::RichText);
    m_policy = new OneLineFirstLabel(this);
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
    auto *offsetLine = new QHBoxLayout;
    offsetLine->addWidget(m_offset, 1);
    offsetLine->addWidget(m_offsetLabel);
    identity->addLayout(offsetLine);
    // The network cut gets its own badge here, under the clock slider, rather than a longer
    // client badge: a wider facts column squeezed the buttons of an offline row until the last
    // one was cut off.
    m_network = new QLabel(this);
    m_network->setTextFormat(Qt::RichText);
    m_network->hide();
    auto *networkLine = new QHBoxLayout;
    networkLine->addWidget(m_network);
    networkLine->addStretch();
    identity->addLayout(networkLine);
    identity->addStretch();

    m_localClock = new QLabel(this);
    m_serverClock = new QLabel(this);
    m_expiry = new QLabel(this);
    m_belief = new QLabel(this);
    m_server = new QLabel(this);
    // A long state ("expiré · en attente de nettoyage") wraps onto a second line instead of
    // widening the column until the buttons beside it are cut off.
    for (QLabel *badge : {m_belief, m_server})
        badge->setWordWrap(true);
    auto *facts = new QGridLayout;
    facts->setVerticalSpacing(2);
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
    // Three buttons a line: five in one line made a row too wide for 1280 pixels at 150 %.
    auto *buttons = new QGridLayout;
    buttons->setSpacing(4);
    int column = 0;
    for (QPushButton *button : {m_crash, m_cutButton, m_backButton, m_release, m_remove}) {
        button->setAutoDefault(false);
        buttons->addWidget(button, column / 3, column % 3);
        ++column;
    }
    buttons->setColumnStretch(3, 1);
    auto *timeline = new QVBoxLayout;
    timeline->setSpacing(2);
    timeline->addWidget(m_strip);
    timeline->addLayout(buttons);
    timeline->addStretch(1);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    // The strip takes what is left: on a 1280-pixel projector it must never push "now" off screen.
    layout->addLayout(identity, 0);
    layout->addLayout(facts, 0);
    layout->addLayout(timeline, 1);

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
    m_name->setText(u"<b>"_s + m_client->name().toHtmlEscaped() + u"</b>"_s);
    m_policy->setText(m_client->policy() == LeaseKeeper::ExpiryPolicy::Monotonic ? tr("Monotonic (stopwatch)")
                                                                                 : tr("Signed expiry (wall clock)"));
    updateOffsetLabel();
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
        return tr("live · counted");
    case ServerSeatView::State::ExpiredAwaitingReap:
        return tr("expired · awaiting reap");
    case ServerSeatView::State::Released:
        return tr("released", "seat state on the server");
    case ServerSeatView::State::Reaped:
        return tr("reaped", "seat state on the server");
    case ServerSeatView::State::Revoked:
        return tr("revoked", "seat state on the server");
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
    const QString name = u"<b>"_s + m_client->name().toHtmlEscaped() + u"</b>"_s;
    if (m_name->text() != name)
        m_name->setText(name);
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
    if (lease)
        m_expiry->setText(clockText(lease->expiresAt));
    else if (m_client->serverView().expiresAt.isValid())
        m_expiry->setText(tr("%1 (old)").arg(clockText(m_client->serverView().expiresAt)));
    else
        m_expiry->setText(u"—"_s);

    setBadge(m_belief, beliefText(), SimulatorPalette::belief(m_client->belief()));
    if (const QString instance = instanceText(); !instance.isEmpty()) {
        const QString html = u"<b>"_s + instance.toHtmlEscaped() + u"</b>"_s;
        if (m_instance->text() != html)
            m_instance->setText(html);
        m_instance->show();
    } else {
        m_instance->hide();
    }
    if (m_client->isNetworkCut()) {
        setBadge(m_network, tr("offline %1").arg(formatDuration(m_client->networkCutRemaining())),
                 SimulatorPalette::networkCut());
        m_network->show();
    } else {
        m_network->hide();
    }
    setBadge(m_server, serverText(), SimulatorPalette::server(m_client->serverView().state));

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
