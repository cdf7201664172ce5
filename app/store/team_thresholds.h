// The detection thresholds a team applies together, in the database beside the cases they
// select: on a server every desk reads the same lines, and only a lead may change them (the server grants
// writing team_thresholds to group lead alone, so a moderator's desk, or any other client logged in as a
// moderator, is refused by the server itself). Each change is written with an audit row.
#pragma once

#include <QString>
#include <QVector>

#include <optional>

namespace tw::store {

class Database;

struct TeamThreshold {
    QString name; // the settings key (models/settings.h), e.g. "flag_line"
    double value = 0;
    QString updatedBy, updatedAt;
};

class TeamThresholds {
  public:
    explicit TeamThresholds(Database& db) : db_(db) {}

    QVector<TeamThreshold> all(QString* error = nullptr) const; // by name
    std::optional<double> value(const QString& name, QString* error = nullptr) const;
    // Sets one threshold, with an audit row ("threshold", subject "threshold:<name>", the value before
    // and after), in one transaction. On a server the writer is the login; a moderator is refused.
    bool set(const QString& name, double value, const QString& who, QString* error = nullptr);

  private:
    Database& db_;
};

} // namespace tw::store
