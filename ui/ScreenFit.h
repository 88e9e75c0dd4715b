#pragma once

#include <QSize>

class QWidget;

namespace keyright {

// Resizes a window to `wanted`, or to what the screen it opens on has room for (a 1280x720
// screen at 150 % leaves 853x480), never below what its contents need, and moves it back within
// the screen's free area. Every window and dialog that has a default size opens through it.
void resizeWithinScreen(QWidget *window, QSize wanted);

} // namespace keyright
