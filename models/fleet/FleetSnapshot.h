#pragma once

#include "wire/StatsSnapshot.h"

namespace keyright {

// The dashboard's names for the decoded body of GET /v1/stats. The codec is core's
// (wire/StatsSnapshot.h), the one the server encodes with, so both sides read one shape.
using FleetSnapshot = StatsSnapshot;
using FleetPeer = StatsPeer;
using FleetAmnesia = StatsAmnesia;

} // namespace keyright
