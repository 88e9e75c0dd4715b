#include "SimulatorPalette.h"

namespace keyright {

QColor SimulatorPalette::belief(SimulatedClient::Belief belief)
{
    switch (belief) {
    case SimulatedClient::Belief::NotStarted:
        return {};
    case SimulatedClient::Belief::Acquiring:
        return QColor(0x90, 0xca, 0xf9);
    case SimulatedClient::Belief::Acting:
        return QColor(0x2e, 0x7d, 0x32);
    case SimulatedClient::Belief::Lapsed:
        return QColor(0xf9, 0xa8, 0x25);
    case SimulatedClient::Belief::Degraded:
        return QColor(0x54, 0x6e, 0x7a);
    case SimulatedClient::Belief::Stopped:
        return QColor(0xbd, 0xbd, 0xbd);
    }
    return {};
}

QColor SimulatorPalette::server(ServerSeatView::State state)
{
    switch (state) {
    case ServerSeatView::State::Live:
        return serverCounts();
    case ServerSeatView::State::ExpiredAwaitingReap:
        return QColor(0xf9, 0xa8, 0x25);
    case ServerSeatView::State::Revoked:
        return QColor(0xad, 0x14, 0x57);
    case ServerSeatView::State::NoSeat:
    case ServerSeatView::State::Released:
    case ServerSeatView::State::Reaped:
    case ServerSeatView::State::Gone:
        return QColor(0xbd, 0xbd, 0xbd);
    }
    return {};
}

QColor SimulatorPalette::serverCounts()
{
    return QColor(0x15, 0x65, 0xc0);
}

QColor SimulatorPalette::doubleUse()
{
    return QColor(0xe5, 0x1c, 0x23);
}

QColor SimulatorPalette::networkCut()
{
    return QColor(0x6d, 0x4c, 0x41);
}

QColor SimulatorPalette::expiryMark()
{
    return QColor(0xb7, 0x1c, 0x1c);
}

QColor SimulatorPalette::reapMark()
{
    return QColor(0x6a, 0x1b, 0x9a);
}

QColor SimulatorPalette::stripBackground()
{
    return QColor(0xfa, 0xfa, 0xfa);
}

QColor SimulatorPalette::eventColour(TimelineEvent::Kind kind)
{
    switch (kind) {
    case TimelineEvent::Kind::Checkout:
    case TimelineEvent::Kind::Reacquire:
    case TimelineEvent::Kind::Recover:
        return QColor(0x1b, 0x5e, 0x20);
    case TimelineEvent::Kind::Beat:
        return QColor(0x42, 0x42, 0x42);
    case TimelineEvent::Kind::BeatLost:
    case TimelineEvent::Kind::NetworkCut:
    case TimelineEvent::Kind::NetworkBack:
        return networkCut();
    case TimelineEvent::Kind::SeatLost:
    case TimelineEvent::Kind::Crash:
    case TimelineEvent::Kind::Degrade:
        return QColor(0xb7, 0x1c, 0x1c);
    case TimelineEvent::Kind::Lapsed:
        return QColor(0xe6, 0x51, 0x00);
    case TimelineEvent::Kind::Release:
        return QColor(0x37, 0x47, 0x4f);
    case TimelineEvent::Kind::ClockChanged:
        return QColor(0x4a, 0x14, 0x8c);
    }
    return Qt::black;
}

QColor SimulatorPalette::textOn(const QColor &background)
{
    return background.lightnessF() > 0.6 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace keyright
