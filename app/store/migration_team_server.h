// Schema steps 13 and 14 on a server (migrations.h lists them): the team's roles, claims, row security and
// notifications, then the functions through which a login writes. Kept apart from migrations.cpp for their
// length; a file's part of those steps stays there.
#pragma once

namespace tw::store {

extern const char* const kPostgresTeam;      // step 13: roles, claims, row security, notifications
extern const char* const kPostgresHardening; // step 14: the server makes what a login writes

} // namespace tw::store
