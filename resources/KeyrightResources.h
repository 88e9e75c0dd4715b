#pragma once

namespace keyright {

// Registers the embedded icons. Resources compiled into a static library are dropped by the linker
// unless something refers to them; the ui layer calls this once.
void initResources();

} // namespace keyright
