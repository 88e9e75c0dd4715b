#pragma once

#include <QSlider>

namespace keyright {

// A clock-offset slider that takes the mouse wheel only once it has the focus (a click or Tab
// gives it): over an unfocused slider the wheel scrolls the list of client rows, as it does over
// the rest of a row, instead of moving a client's clock because the pointer happened to cross it.
class OffsetSlider final : public QSlider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OffsetSlider)

public:
    explicit OffsetSlider(QWidget *parent = nullptr);

protected:
    void wheelEvent(QWheelEvent *event) override;
};

} // namespace keyright
