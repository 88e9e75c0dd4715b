#pragma once

#include "simulator/ServerSeatView.h"
#include "simulator/SimulatedClient.h"
#include "simulator/TimelineEvent.h"

#include <QColor>

namespace keyright {

// The simulator's colours in one place, so the badges, the strips and the legend agree. Each is a
// role of the dashboard's StatePalette (light or dark with the theme); the mapping keeps them
// apart on a washed-out projector: the client's states differ in hue and lightness, and the
// double-use warning is the only red lane.
class SimulatorPalette
{
public:
    static QColor belief(SimulatedClient::Belief belief); // invalid: paint nothing
    static QColor server(ServerSeatView::State state);
    static QColor serverCounts();
    static QColor doubleUse();
    static QColor networkCut();
    static QColor expiryMark();
    static QColor reapMark();
    static QColor stripBackground();
    static QColor eventColour(TimelineEvent::Kind kind);
    // Black or white, whichever reads better on `background`.
    static QColor textOn(const QColor &background);
};

} // namespace keyright
