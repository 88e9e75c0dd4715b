#pragma once

#include "wire/AccessRole.h"

#include <QString>

namespace keyright {

// A role as the dashboard shows it, translated ("viewer", "lecteur"); the wire name stays
// roleName()'s.
QString roleLabel(AccessRole role);

} // namespace keyright
