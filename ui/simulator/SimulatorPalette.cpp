#include "SimulatorPalette.h"

#include "StatePalette.h"

#include <QGuiApplication>

namespace keyright {

// Every colour is a state of the dashboard's StatePalette, so the simulator follows the theme and
// means by red, green and amber what the other pages mean.

QColor SimulatorPalette::belief(SimulatedClient::Belief belief)
{
    switch (belief) {
    case SimulatedClient::Belief::NotStarted:
        return {};
    case SimulatedClient::Belief::Acquiring:
        return StatePalette::background(StatePalette::Accent);
    case SimulatedClient::Belief::Acting:
        return StatePalette::fill(StatePalette::Live);
    case SimulatedClient::Belief::Lapsed:
        return StatePalette::fill(StatePalette::Expiring);
    case SimulatedClient::Belief::Degraded:
        return StatePalette::fill(StatePalette::Muted);
    case SimulatedClient::Belief::Stopped:
        return StatePalette::background(StatePalette::Muted);
    }
    return {};
}

QColor SimulatorPalette::server(ServerSeatView::State state)
{
    switch (state) {
    case ServerSeatView::State::Live:
        return serverCounts();
    case ServerSeatView::State::ExpiredAwaitingReap:
        return StatePalette::fill(StatePalette::Expired);
    case ServerSeatView::State::Revoked:
        return StatePalette::fill(StatePalette::Revoked);
    case ServerSeatView::State::Reclaimed:
        return StatePalette::fill(StatePalette::Idle);
    case ServerSeatView::State::NoSeat:
    case ServerSeatView::State::Released:
    case ServerSeatView::State::Returned:
    case ServerSeatView::State::Reaped:
    case ServerSeatView::State::Gone:
        return StatePalette::background(StatePalette::Muted);
    }
    return {};
}

QColor SimulatorPalette::serverCounts()
{
    return StatePalette::fill(StatePalette::Accent);
}

QColor SimulatorPalette::doubleUse()
{
    return StatePalette::fill(StatePalette::Failed);
}

QColor SimulatorPalette::networkCut()
{
    return StatePalette::colour(StatePalette::Interrupted);
}

QColor SimulatorPalette::expiryMark()
{
    return StatePalette::colour(StatePalette::Expired);
}

QColor SimulatorPalette::reapMark()
{
    return StatePalette::colour(StatePalette::Reserved);
}

QColor SimulatorPalette::stripBackground()
{
    return QGuiApplication::palette().color(QPalette::Base);
}

QColor SimulatorPalette::eventColour(TimelineEvent::Kind kind)
{
    switch (kind) {
    case TimelineEvent::Kind::Checkout:
    case TimelineEvent::Kind::Reacquire:
    case TimelineEvent::Kind::Recover:
    case TimelineEvent::Kind::InstanceChanged: // the lease carried on elsewhere: a healthy mark
    case TimelineEvent::Kind::Borrowed:
        return StatePalette::colour(StatePalette::Live);
    case TimelineEvent::Kind::Beat:
        return StatePalette::colour(StatePalette::Muted);
    case TimelineEvent::Kind::BeatLost:
    case TimelineEvent::Kind::NetworkCut:
    case TimelineEvent::Kind::NetworkBack:
        return networkCut();
    case TimelineEvent::Kind::SeatLost:
    case TimelineEvent::Kind::Crash:
    case TimelineEvent::Kind::Degrade:
    case TimelineEvent::Kind::BorrowRefused:
        return StatePalette::colour(StatePalette::Failed);
    case TimelineEvent::Kind::Lapsed:
        return StatePalette::colour(StatePalette::Expiring);
    case TimelineEvent::Kind::Release:
    case TimelineEvent::Kind::Returned:
        return StatePalette::colour(StatePalette::Muted);
    case TimelineEvent::Kind::ClockChanged:
        return StatePalette::colour(StatePalette::Reserved);
    case TimelineEvent::Kind::ReclaimWarned:
        return StatePalette::colour(StatePalette::Idle);
    }
    return QGuiApplication::palette().color(QPalette::Text);
}

QColor SimulatorPalette::textOn(const QColor &background)
{
    return background.lightnessF() > 0.6 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace keyright
