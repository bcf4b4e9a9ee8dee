// The hand-checkable diversity topic shared by the diversity unit suites (unit-ndeval.cpp,
// unit-intent-aware.cpp).
#pragma once

namespace irlens::test {

// Topic 1, subtopics 1-4. Relevant: a to intents 1 and 2 (grade 1), b to intent 1 (grade 2), c to
// intent 3 (grade 1). d is judged 0 for intent 2 and spam (-2) for intent 3; subtopic 4 has no
// relevant document, so the topic has three intents (1, 2, 3).
inline const char* kDiversityQrels = "1 1 a 1\n1 2 a 1\n1 1 b 2\n1 3 c 1\n1 2 d 0\n1 3 d -2\n1 4 e 0\n";
// By score: b x a c d (x is not in the qrels).
inline const char* kDiversityRun = "1 Q0 a 3 3 t\n1 Q0 b 1 5 t\n1 Q0 c 4 2 t\n1 Q0 d 5 1 t\n1 Q0 x 2 4 t\n";

}  // namespace irlens::test
