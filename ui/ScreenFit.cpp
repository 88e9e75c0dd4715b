#include "ScreenFit.h"

#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace keyright {

void resizeWithinScreen(QWidget *window, QSize wanted)
{
    const QScreen *screen = window->screen();
    if (!screen) {
        window->resize(wanted);
        return;
    }
    const QRect available = screen->availableGeometry();
    // Before the first show the frame is not known yet: leave room for a usual title bar.
    const QSize frame
        = window->isVisible() ? window->frameGeometry().size() - window->geometry().size() : QSize(16, 40);
    const QSize room = (available.size() - frame).expandedTo(window->minimumSizeHint());
    window->resize(wanted.boundedTo(room));
    QRect placed = window->frameGeometry();
    if (!available.contains(placed)) {
        placed.moveLeft(std::clamp(placed.left(), available.left(),
                                   std::max(available.left(), available.right() - placed.width() + 1)));
        placed.moveTop(std::clamp(placed.top(), available.top(),
                                  std::max(available.top(), available.bottom() - placed.height() + 1)));
        window->move(placed.topLeft());
    }
}

} // namespace keyright
