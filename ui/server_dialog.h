// File → Connect to team server…: the address of a team's PostgreSQL database, typed as
// postgresql://user@host/database or as the name of a service in pg_service.conf. Never a password: the
// store refuses one (it would sit in the settings and in shell histories); libpq reads it from the
// pgpass file (PGPASSFILE, ~/.pgpass) or the service file.
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace tw::ui {

class ServerDialog : public QDialog {
    Q_OBJECT
  public:
    explicit ServerDialog(const QString& last = {}, QWidget* parent = nullptr);
    // What was typed as an address: a bare name is a service ("postgresql:///?service=NAME").
    QString address() const;
    static QString addressOf(const QString& typed);

  private:
    void check();
    QLineEdit* address_;
    QLabel* problem_;
    QPushButton* ok_;
};

} // namespace tw::ui
