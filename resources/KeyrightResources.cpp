#include "KeyrightResources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must not be used inside a namespace.
static void initKeyrightResources()
{
    Q_INIT_RESOURCE(keyright);
}

namespace keyright {

void initResources()
{
    static const bool done = [] {
        initKeyrightResources();
        return true;
    }();
    Q_UNUSED(done);
}

} // namespace keyright
