#pragma once

#include "wire/AccessRole.h"

#include <QString>

namespace keyright {

// A role as the dashboard shows it, translated ("viewer", "lecteur"); the wire name stays
// roleName()'s.
QString roleLabel(AccessRole role);

// Who did something, as the server writes it ("olga (operator)"), with the role translated
// ("olga (opérateur)"); any other text is returned as it is.
QString actorLabel(const QString &actor);

} // namespace keyright
