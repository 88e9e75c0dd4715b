#include "OffsetSlider.h"

#include <QWheelEvent>

namespace keyright {

OffsetSlider::OffsetSlider(QWidget *parent)
    : QSlider(Qt::Horizontal, parent)
{
    // Not Qt::WheelFocus: the wheel alone must never give it the focus (and the clock with it).
    setFocusPolicy(Qt::StrongFocus);
}

void OffsetSlider::wheelEvent(QWheelEvent *event)
{
    if (!hasFocus()) {
        event->ignore(); // passed on to the scroll area around the rows
        return;
    }
    QSlider::wheelEvent(event);
}

} // namespace keyright
