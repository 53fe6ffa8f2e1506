/**
 * Common given names, romanised as an English report would print them ("Lukas, 44, Germany"), for countries faker has
 * no list for, or one that reads wrong: faker's Japanese and Chinese names are in their own scripts, and its Dutch list
 * is names given this decade from everywhere. Eight or so of each, women's and men's, of people of every age there now.
 */
export const GIVEN_NAMES: Record<string, { female: readonly string[]; male: readonly string[] }> = {
  JP: {
    female: ["Yoko", "Keiko", "Kazuko", "Michiko", "Yumi", "Akiko", "Naoko", "Emi", "Yuki", "Haruka", "Aoi", "Misaki"],
    male: ["Hiroshi", "Takashi", "Kenji", "Makoto", "Shigeru", "Akira", "Daisuke", "Yuta", "Kenta", "Haruto", "Sota"],
  },
  KR: {
    female: ["Min-ji", "Seo-yeon", "Ji-woo", "Eun-ji", "Young-hee", "Mi-kyung", "Soo-jin", "Hye-jin"],
    male: ["Min-jun", "Seo-jun", "Ji-hoon", "Hyun-woo", "Sung-min", "Jae-ho", "Young-soo", "Dong-hyun"],
  },
  CN: {
    female: ["Li Na", "Wang Fang", "Zhang Min", "Liu Yan", "Chen Jing", "Yang Li", "Zhao Xia", "Huang Mei"],
    male: ["Wang Wei", "Li Qiang", "Zhang Wei", "Liu Yang", "Chen Jie", "Yang Tao", "Zhao Lei", "Wu Gang"],
  },
  IN: {
    female: ["Priya", "Anjali", "Sunita", "Kavya", "Deepa", "Lakshmi", "Pooja", "Neha", "Meera"],
    male: ["Rahul", "Amit", "Vikram", "Suresh", "Arjun", "Rajesh", "Sanjay", "Rohan", "Anil"],
  },
  BR: {
    female: ["Ana", "Maria", "Juliana", "Fernanda", "Camila", "Beatriz", "Larissa", "Patricia"],
    male: ["Jo\u00e3o", "Pedro", "Lucas", "Gabriel", "Rafael", "Carlos", "Marcos", "Paulo"],
  },
  PT: {
    female: ["Maria", "Ana", "In\u00eas", "Sofia", "Beatriz", "Catarina", "Joana", "Marta"],
    male: ["Jo\u00e3o", "Tiago", "Rui", "Miguel", "Nuno", "Pedro", "Ricardo", "Duarte"],
  },
  PL: {
    female: ["Anna", "Katarzyna", "Ma\u0142gorzata", "Agnieszka", "Magdalena", "Joanna", "Zofia", "Ewa"],
    male: ["Piotr", "Krzysztof", "Tomasz", "Pawe\u0142", "Micha\u0142", "Jakub", "Marek", "Andrzej"],
  },
  SE: {
    female: ["Anna", "Eva", "Maria", "Karin", "Sara", "Elin", "Emma", "Ingrid"],
    male: ["Lars", "Anders", "Johan", "Erik", "Per", "Karl", "Mikael", "Oskar"],
  },
  NL: {
    female: ["Anna", "Emma", "Sanne", "Lotte", "Anouk", "Marieke", "Femke", "Ingrid", "Linda", "Petra"],
    male: ["Jan", "Pieter", "Johannes", "Daan", "Bas", "Thijs", "Sander", "Willem", "Kees", "Ruben"],
  },
  BE: {
    female: ["Marie", "Anna", "Emma", "Lotte", "Sofie", "Nathalie", "Els", "Julie"],
    male: ["Jan", "Luc", "Pieter", "Thomas", "Marc", "Wouter", "Koen", "Nicolas"],
  },
  NO: {
    female: ["Anne", "Inger", "Kari", "Marit", "Ingrid", "Hilde", "Nora", "Emma"],
    male: ["Jan", "Per", "Bj\u00f8rn", "Ole", "Lars", "Kjell", "Knut", "Jonas"],
  },
  DK: {
    female: ["Anne", "Kirsten", "Mette", "Hanne", "Susanne", "Lene", "Ida", "Freja"],
    male: ["Peter", "Jens", "Lars", "Michael", "Henrik", "S\u00f8ren", "Anders", "Mads"],
  },
  FI: {
    female: ["Anna", "Maria", "Tuula", "Ritva", "P\u00e4ivi", "Sari", "Aino", "Emilia"],
    male: ["Juha", "Timo", "Matti", "Kari", "Mikko", "Antti", "Jari", "Eetu"],
  },
  CZ: {
    female: ["Jana", "Marie", "Eva", "Hana", "Lucie", "Tereza", "Petra", "Kate\u0159ina"],
    male: ["Ji\u0159\u00ed", "Jan", "Petr", "Josef", "Pavel", "Martin", "Tom\u00e1\u0161", "Jakub"],
  },
  SK: {
    female: ["M\u00e1ria", "Anna", "Zuzana", "Katar\u00edna", "Eva", "Lucia"],
    male: ["Peter", "J\u00e1n", "Jozef", "Michal", "Martin", "Tom\u00e1\u0161"],
  },
  HU: {
    female: ["M\u00e1ria", "Erzs\u00e9bet", "Katalin", "\u00c9va", "Anna", "Zs\u00f3fia", "Eszter", "R\u00e9ka"],
    male: [
      "L\u00e1szl\u00f3",
      "Istv\u00e1n",
      "J\u00f3zsef",
      "J\u00e1nos",
      "Zolt\u00e1n",
      "G\u00e1bor",
      "P\u00e9ter",
      "Bence",
    ],
  },
  RO: {
    female: ["Maria", "Elena", "Ioana", "Andreea", "Mihaela", "Ana", "Alexandra", "Cristina"],
    male: ["Ion", "Gheorghe", "Alexandru", "Andrei", "Mihai", "Constantin", "Florin", "\u0218tefan"],
  },
  GR: {
    female: ["Maria", "Eleni", "Aikaterini", "Vasiliki", "Sofia", "Ioanna", "Dimitra", "Anna"],
    male: ["Georgios", "Ioannis", "Konstantinos", "Dimitrios", "Nikolaos", "Panagiotis", "Christos", "Vasileios"],
  },
  UA: {
    female: ["Olena", "Tetiana", "Nataliia", "Iryna", "Oksana", "Yuliia", "Anastasiia", "Sofiia"],
    male: ["Oleksandr", "Serhii", "Andrii", "Volodymyr", "Mykola", "Dmytro", "Ivan", "Maksym"],
  },
  RU: {
    female: ["Elena", "Olga", "Tatiana", "Natalia", "Irina", "Anna", "Svetlana", "Maria"],
    male: ["Aleksandr", "Sergey", "Dmitry", "Andrey", "Alexey", "Ivan", "Mikhail", "Vladimir"],
  },
  TR: {
    female: ["Ay\u015fe", "Fatma", "Emine", "Hatice", "Zeynep", "Elif", "Merve", "B\u00fc\u015fra"],
    male: ["Mehmet", "Mustafa", "Ahmet", "Ali", "H\u00fcseyin", "Hasan", "Emre", "Burak"],
  },
  IL: {
    female: ["Noa", "Tamar", "Yael", "Michal", "Shira", "Maya", "Sarah", "Rachel"],
    male: ["David", "Yosef", "Moshe", "Daniel", "Itai", "Noam", "Avi", "Eitan"],
  },
  EG: {
    female: ["Fatma", "Mona", "Nour", "Heba", "Yasmin", "Mariam", "Aya", "Salma"],
    male: ["Mohamed", "Ahmed", "Mahmoud", "Mostafa", "Omar", "Karim", "Youssef", "Hassan"],
  },
  MA: {
    female: ["Fatima", "Khadija", "Salma", "Meryem", "Imane", "Nadia"],
    male: ["Mohammed", "Youssef", "Hamza", "Mehdi", "Karim", "Rachid"],
  },
  DZ: {
    female: ["Amina", "Meriem", "Yasmine", "Sarah", "Lina", "Nour"],
    male: ["Mohamed", "Yacine", "Amine", "Karim", "Sofiane", "Walid"],
  },
  TN: {
    female: ["Amira", "Ines", "Mariem", "Rim", "Sarra", "Yosra"],
    male: ["Mohamed", "Ahmed", "Aymen", "Skander", "Hamza", "Oussama"],
  },
  MG: {
    female: ["Hanitra", "Voahirana", "Lalao", "Fara", "Miora", "Haingo", "Mialy", "Rova"],
    male: ["Rivo", "Hery", "Tojo", "Andry", "Faly", "Mamy", "Njaka", "Toky"],
  },
  SA: {
    female: ["Noura", "Sara", "Fatimah", "Reem", "Hessa", "Maha"],
    male: ["Abdullah", "Mohammed", "Faisal", "Khalid", "Saad", "Turki"],
  },
  AE: {
    female: ["Fatima", "Mariam", "Aisha", "Shamma", "Noura", "Hind"],
    male: ["Mohammed", "Ahmed", "Khalid", "Saeed", "Rashid", "Hamdan"],
  },
  KE: {
    female: ["Wanjiru", "Akinyi", "Njeri", "Achieng", "Wambui", "Faith", "Mercy", "Grace"],
    male: ["Otieno", "Kamau", "Mwangi", "Kiprono", "Ochieng", "Kibet", "Brian", "Dennis"],
  },
  NG: {
    female: ["Ngozi", "Chiamaka", "Aisha", "Funmilayo", "Blessing", "Adaeze", "Fatima", "Yetunde"],
    male: ["Chinedu", "Emeka", "Oluwaseun", "Ibrahim", "Tunde", "Musa", "Obinna", "Segun"],
  },
  GH: {
    female: ["Akosua", "Abena", "Ama", "Efua", "Adwoa", "Esi"],
    male: ["Kwame", "Kofi", "Kwabena", "Yaw", "Kojo", "Kwesi"],
  },
  ZA: {
    female: ["Thandiwe", "Nomvula", "Lerato", "Zanele", "Palesa", "Ayanda", "Michelle", "Nicole"],
    male: ["Sipho", "Thabo", "Bongani", "Themba", "Mandla", "Kagiso", "Johan", "Pieter"],
  },
  ET: {
    female: ["Tigist", "Hirut", "Meron", "Selam", "Almaz", "Bethlehem"],
    male: ["Abebe", "Dawit", "Tesfaye", "Girma", "Yohannes", "Solomon"],
  },
  TZ: {
    female: ["Neema", "Rehema", "Zawadi", "Grace", "Mary", "Esther"],
    male: ["Juma", "Baraka", "Hassan", "John", "Emmanuel", "Joseph"],
  },
  UG: {
    female: ["Nakato", "Babirye", "Grace", "Sarah", "Esther", "Florence"],
    male: ["Mukasa", "Okello", "Ssemakula", "Joseph", "Moses", "Robert"],
  },
  SN: {
    female: ["Aminata", "Fatou", "Awa", "Mariama", "Khady", "Coumba"],
    male: ["Mamadou", "Moussa", "Ousmane", "Cheikh", "Abdoulaye", "Ibrahima"],
  },
  ID: {
    female: ["Siti", "Dewi", "Sri", "Putri", "Ayu", "Rina", "Nur", "Indah"],
    male: ["Budi", "Agus", "Andi", "Rizky", "Dedi", "Bambang", "Joko", "Adi"],
  },
  PH: {
    female: ["Maria", "Kristine", "Jennifer", "Angelica", "Joy", "Rowena"],
    male: ["Jose", "Mark", "Juan", "Christian", "Angelo", "Ramon"],
  },
  VN: {
    female: ["Linh", "H\u01b0\u01a1ng", "Lan", "Mai", "Thu", "Trang", "Ng\u1ecdc", "Hoa"],
    male: ["Minh", "Tu\u1ea5n", "H\u00f9ng", "D\u0169ng", "Nam", "Quang", "Long", "Huy"],
  },
  TH: {
    female: ["Siriporn", "Malee", "Nattaya", "Pranee", "Kanya", "Ploy"],
    male: ["Somchai", "Somsak", "Prasert", "Anan", "Niran", "Kittisak"],
  },
  MY: {
    female: ["Nurul", "Siti", "Aisyah", "Mei Ling", "Priya", "Farah"],
    male: ["Ahmad", "Muhammad", "Hafiz", "Wei Jie", "Ravi", "Azman"],
  },
  SG: {
    female: ["Mei Ling", "Hui Min", "Siti", "Priya", "Wei Ling", "Nur"],
    male: ["Wei Jie", "Jun Jie", "Muhammad", "Ravi", "Kai Wen", "Daniel"],
  },
  TW: {
    female: ["Shu-fen", "Ya-ting", "Yi-chen", "Mei-ling", "Hui-chun", "Pei-shan"],
    male: ["Chih-ming", "Chun-hung", "Wei-lun", "Chia-hao", "Chien-hung", "Tsung-han"],
  },
  HK: {
    female: ["Wing Yan", "Ka Yan", "Mei Ling", "Hoi Yan", "Suet Ying", "Man Yee"],
    male: ["Chi Wai", "Ka Ho", "Wing Kin", "Man Kit", "Chun Kit", "Siu Ming"],
  },
  PK: {
    female: ["Ayesha", "Fatima", "Sana", "Hina", "Zainab", "Maryam"],
    male: ["Muhammad", "Ali", "Ahmed", "Usman", "Bilal", "Hamza"],
  },
  BD: {
    female: ["Fatema", "Nusrat", "Sumaiya", "Taslima", "Rokeya", "Shirin"],
    male: ["Mohammad", "Rahim", "Karim", "Sabbir", "Rafiq", "Tanvir"],
  },
};
