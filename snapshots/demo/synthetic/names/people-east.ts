// Given names and surnames, romanised as registries print them: RU, UA, CN (pinyin), IN, Arabic (AE/SA), CY/GR, NG, TR.
import { list, type NameCulture } from './list.js';

export const RU_NAMES: NameCulture = {
  male: list(`Aleksandr, Sergey, Dmitriy, Andrey, Aleksey, Maksim, Yevgeniy, Ivan, Mikhail, Artyom, Nikolay,
    Vladimir, Igor, Oleg, Pavel, Roman, Viktor, Yuriy, Denis, Anton, Konstantin, Vadim, Vitaliy, Gennadiy, Boris,
    Arkadiy, Leonid, Valeriy, Stanislav, Grigoriy, Kirill, Timur, Ruslan, Vyacheslav, Anatoliy, Pyotr, Fyodor, Ilya,
    Yegor, Gleb`),
  female: list(`Yelena, Olga, Tatyana, Natalya, Irina, Svetlana, Anna, Mariya, Yekaterina, Yuliya, Anastasiya, Marina,
    Lyudmila, Galina, Oksana, Viktoriya, Alina, Darya, Kseniya, Polina, Valentina, Nadezhda, Larisa, Vera, Lyubov,
    Inna, Zhanna, Alla, Yevgeniya, Nina, Lidiya, Raisa, Sofiya, Veronika, Kristina, Margarita, Diana, Alyona,
    Elvira, Zoya`),
  surnames: list(`Ivanov, Smirnov, Kuznetsov, Popov, Vasilyev, Petrov, Sokolov, Mikhaylov, Novikov, Fyodorov,
    Morozov, Volkov, Alekseyev, Lebedev, Semyonov, Yegorov, Pavlov, Kozlov, Stepanov, Nikolayev, Orlov, Andreyev,
    Makarov, Nikitin, Zakharov, Zaytsev, Solovyov, Borisov, Yakovlev, Grigoryev, Romanov, Vorobyov, Sergeyev,
    Kuzmin, Frolov, Aleksandrov, Dmitriyev, Korolyov, Gusev, Kiselyov, Ilyin, Maksimov, Polyakov, Sorokin,
    Vinogradov, Kovalyov, Belov, Medvedev, Antonov, Tarasov, Zhukov, Baranov, Filippov, Komarov, Davydov, Belyayev,
    Gerasimov, Bogdanov, Osipov, Sidorov, Matveyev, Titov, Markov, Mironov, Krylov, Kulikov, Karpov, Vlasov,
    Melnikov, Denisov, Dobrovolskiy, Zhelyabovskiy, Ostrovskiy, Tolstoy, Trubetskoy, Rostovtsev, Shcherbakov`),
};

/** Russian patronymics (masculine); the feminine swaps -ich for -na. */
export const RU_PATRONYMICS = list(`Aleksandrovich, Sergeyevich, Dmitriyevich, Andreyevich, Alekseyevich, Ivanovich,
  Mikhaylovich, Nikolayevich, Vladimirovich, Igorevich, Olegovich, Pavlovich, Viktorovich, Yuryevich, Borisovich,
  Anatolyevich, Gennadyevich, Valeryevich, Petrovich, Fyodorovich, Leonidovich, Vasilyevich, Grigoryevich,
  Yevgenyevich`);

export const UA_NAMES: NameCulture = {
  male: list(`Oleksandr, Serhiy, Andriy, Volodymyr, Mykola, Vasyl, Oleksiy, Dmytro, Ivan, Yuriy, Mykhailo, Petro,
    Viktor, Ihor, Taras, Bohdan, Yaroslav, Maksym, Roman, Vitaliy, Oleh, Pavlo, Anatoliy, Stepan, Denys, Artem,
    Vadym, Ruslan, Hryhoriy, Kostiantyn, Yevhen, Valentyn, Borys, Leonid, Ostap, Zakhar, Nazar, Orest, Danylo,
    Arsen`),
  female: list(`Olena, Nataliya, Tetiana, Oksana, Iryna, Svitlana, Yuliia, Mariia, Anna, Kateryna, Viktoriia, Olha,
    Halyna, Liudmyla, Nadiia, Larysa, Valentyna, Inna, Alla, Khrystyna, Solomiia, Zoriana, Oleksandra, Anastasiia,
    Daryna, Sofiia, Yaryna, Lesia, Hanna, Vira, Liubov, Marharyta, Alina, Bohdana, Diana, Ivanna, Myroslava,
    Roksolana, Ulyana, Zlata`),
  surnames: list(`Melnyk, Shevchenko, Boyko, Kovalenko, Bondarenko, Tkachenko, Kovalchuk, Kravchenko, Oliynyk,
    Shevchuk, Koval, Polishchuk, Bondar, Tkachuk, Moroz, Marchenko, Lysenko, Rudenko, Savchenko, Petrenko, Klymenko,
    Pavlenko, Kravchuk, Kuzmenko, Ponomarenko, Savchuk, Vasylenko, Levchenko, Kharchenko, Karpenko, Sydorenko,
    Havrylyuk, Shvets, Ishchenko, Ostapenko, Kushnir, Yurchenko, Fedorenko, Zinchenko, Kozak, Nazarenko,
    Prykhodko, Ivanenko, Hrytsenko, Makarenko, Yakovenko, Panchenko, Romanenko, Voloshyn, Kostenko, Demchenko,
    Doroshenko, Kuzyk, Tarasenko, Popovych, Semenko, Hnatyuk, Dmytrenko, Humeniuk, Lytvyn, Andrushchenko,
    Kozlovskyi, Zaporozhets, Hordiienko, Vovk`),
};

export const CN_NAMES: NameCulture = {
  male: list(`Wei, Qiang, Lei, Jun, Yang, Yong, Jie, Tao, Ming, Chao, Gang, Ping, Hui, Bo, Hao, Peng, Hua, Long, Bin,
    Xin, Jian, Kai, Feng, Liang, Zhiwei, Jianguo, Haitao, Xiaoming, Guohua, Jianhua, Zhiqiang, Wenjie, Yuxuan, Zihan,
    Haoran, Junjie, Yichen, Zhenyu, Mingyu, Yiming`),
  female: list(`Fang, Na, Min, Jing, Li, Xiuying, Yan, Juan, Xia, Ying, Hong, Yun, Lan, Mei, Qing, Xiaohong, Lina,
    Lijuan, Xiaoyan, Yanping, Shuang, Ting, Xue, Huan, Dan, Jiayi, Xinyi, Zixuan, Yutong, Yuting, Mengyao, Siqi,
    Ruoxi, Wenjing, Qian, Xiaoli, Ling, Rui, Yue, Meiling`),
  surnames: list(`Wang, Li, Zhang, Liu, Chen, Yang, Huang, Zhao, Wu, Zhou, Xu, Sun, Ma, Zhu, Hu, Guo, He, Gao, Lin,
    Luo, Zheng, Liang, Xie, Song, Tang, Han, Feng, Deng, Cao, Peng, Zeng, Xiao, Tian, Dong, Pan, Yuan, Cai, Jiang,
    Yu, Du, Ye, Cheng, Wei, Su, Lü, Ding, Ren, Lu, Yao, Shen, Zhong, Cui, Tan, Fan, Jin, Wan, Qian, Jia, Xia, Fu,
    Fang, Zou, Xiong, Bai, Meng, Qin, Qiu, Hou, Shi, Kong, Gu, Mao, Duan, Long, Shao, Kang, Yan`),
};

export const IN_NAMES: NameCulture = {
  male: list(`Aarav, Vihaan, Arjun, Rohan, Rahul, Amit, Anil, Sunil, Rajesh, Suresh, Ramesh, Vijay, Sanjay, Ajay,
    Manoj, Deepak, Ashok, Pradeep, Arun, Naveen, Vikram, Karan, Nikhil, Harish, Mahesh, Ganesh, Sandeep, Rakesh,
    Mukesh, Dinesh, Gaurav, Abhishek, Siddharth, Aditya, Kunal, Varun, Pranav, Ishaan, Rajiv, Anand, Krishna,
    Venkatesh`),
  female: list(`Priya, Ananya, Aanya, Diya, Kavya, Saanvi, Pooja, Neha, Sneha, Anjali, Divya, Sunita, Anita, Kavita,
    Meera, Lakshmi, Deepa, Geeta, Rekha, Shreya, Nisha, Asha, Usha, Radha, Sita, Aishwarya, Swati, Shalini, Preeti,
    Pallavi, Ritu, Rani, Shanti, Jyoti, Madhuri, Nandini, Isha, Tanvi, Riya, Sonia`),
  surnames: list(`Sharma, Verma, Gupta, Singh, Kumar, Patel, Shah, Mehta, Joshi, Desai, Reddy, Rao, Nair, Menon,
    Pillai, Iyer, Iyengar, Krishnan, Chatterjee, Banerjee, Mukherjee, Bose, Das, Ghosh, Sen, Dutta, Chakraborty,
    Agarwal, Jain, Bansal, Goyal, Mittal, Khanna, Kapoor, Malhotra, Chopra, Arora, Bhatia, Sethi, Anand, Saxena,
    Srivastava, Tiwari, Pandey, Mishra, Dubey, Tripathi, Yadav, Chauhan, Rathore, Thakur, Naidu, Hegde, Shetty,
    Kulkarni, Deshpande, Patil, Pawar, Gill, Sandhu, Dhillon, Grewal, Sidhu, Bhatt, Trivedi, Parikh, Ahuja, Bajaj`),
};

export const AR_NAMES: NameCulture = {
  male: list(`Mohammed, Ahmed, Ali, Omar, Khalid, Abdullah, Abdulrahman, Saeed, Sultan, Rashid, Hamad, Faisal, Fahad,
    Nasser, Saud, Turki, Majid, Hamdan, Mansour, Yousef, Ibrahim, Hassan, Hussein, Tariq, Waleed, Ziyad, Karim, Adel,
    Marwan, Samir, Jamal, Bandar, Mishal, Nawaf, Salem, Obaid, Hamid, Mubarak, Badr, Anas`),
  female: list(`Fatima, Aisha, Maryam, Noura, Sara, Layla, Huda, Amal, Reem, Hessa, Shamma, Mariam, Latifa, Alia,
    Dana, Lina, Rania, Salma, Yasmin, Zainab, Nadia, Farah, Hind, Jawaher, Lulwa, Muna, Asma, Amna, Khadija, Hanan,
    Samira, Dalal, Ghada, Haya, Maitha, Rawda, Shaikha, Wafa, Nouf, Abeer`),
  surnames: list(`Al-Mansouri, Al-Hashimi, Al-Falasi, Al-Mazrouei, Al-Suwaidi, Al-Shamsi, Al-Ketbi, Al-Dhaheri,
    Al-Mheiri, Al-Marzouqi, Al-Zaabi, Al-Kaabi, Al-Hammadi, Al-Blooshi, Al-Ali, Al-Amiri, Al-Harthy, Al-Otaibi,
    Al-Qahtani, Al-Ghamdi, Al-Zahrani, Al-Shehri, Al-Dosari, Al-Mutairi, Al-Harbi, Al-Shammari, Al-Anazi,
    Al-Subaie, Al-Rashidi, Al-Juhani, Al-Malki, Al-Omari, Al-Sharif, Al-Khatib, Haddad, Khoury, Hamdan, Saleh, Aziz,
    Farouk, Mahmoud, Darwish, Yassin, Hijazi, Jaber, Masri, Shami, Halabi, Tamimi, Khalil, Issa, Qureshi, Najjar,
    Sabbagh, Attar, Bakri, Kattan, Zaki, Hakim, Mourad, Rahman, Sayed, Abbas, Kanaan, Salloum, Hourani, Jaafar,
    Suleiman, Bitar`),
};

export const GR_NAMES: NameCulture = {
  male: list(`Georgios, Dimitrios, Konstantinos, Ioannis, Nikolaos, Panagiotis, Christos, Vasileios, Athanasios,
    Michail, Evangelos, Andreas, Charalambos, Kyriakos, Stavros, Sotiris, Theodoros, Petros, Spyros, Alexandros,
    Stelios, Marios, Loizos, Savvas, Demetris, Antonis, Costas, Yiannis, Lefteris, Pavlos, Thanasis, Manolis,
    Nektarios, Fotis, Giorgos, Nikos, Achilleas, Orestis, Panikos, Neophytos`),
  female: list(`Maria, Eleni, Aikaterini, Vasiliki, Sofia, Angeliki, Georgia, Dimitra, Konstantina, Paraskevi,
    Anastasia, Christina, Ioanna, Evangelia, Panagiota, Despina, Irini, Chrysanthi, Androulla, Stella, Niki, Athina,
    Theodora, Kalliopi, Zoe, Marina, Elena, Antigoni, Kyriaki, Froso, Myrto, Penelope, Daphne, Xanthi, Ourania,
    Efthymia, Lydia, Artemis, Katerina, Eleftheria`),
  surnames: list(`Papadopoulos, Georgiou, Ioannou, Christodoulou, Charalambous, Constantinou, Nicolaou, Andreou,
    Demetriou, Kyriakou, Panayiotou, Antoniou, Savva, Loizou, Christou, Theodorou, Petrou, Stylianou, Hadjigeorgiou,
    Hadjipavlou, Papadakis, Pappas, Vlachos, Oikonomou, Makris, Karagiannis, Nikolaidis, Dimitriou, Papageorgiou,
    Athanasiou, Alexiou, Angelopoulos, Mavridis, Konstantinidis, Papanikolaou, Vasileiou, Georgiadis,
    Triantafyllou, Economides, Kyprianou, Anastasiou, Evangelou, Sotiriou, Theophanous, Kallis, Pavlides, Kouris,
    Efthymiou, Chrysostomou, Sergides, Kleanthous, Neophytou, Pieri, Solomou, Tsangarides, Xenophontos,
    Hadjikyriakou, Iacovou, Vassiliou, Socratous, Lambrou, Demosthenous, Kountouris`),
};

export const NG_NAMES: NameCulture = {
  male: list(`Chinedu, Emeka, Oluwaseun, Babatunde, Adebayo, Ibrahim, Musa, Abubakar, Yusuf, Chukwuemeka, Obinna,
    Ikenna, Nnamdi, Tunde, Segun, Femi, Kayode, Olumide, Ayodele, Gbenga, Uche, Chidi, Kelechi, Ifeanyi, Tochukwu,
    Oluwafemi, Damilola, Kunle, Dapo, Sani, Aminu, Bello, Usman, Garba, Godwin, Emmanuel, Samuel, Daniel, Victor,
    Chijioke`),
  female: list(`Ngozi, Chioma, Adaeze, Amaka, Nneka, Ifeoma, Chiamaka, Oluwakemi, Funmilayo, Folake, Yetunde, Bukola,
    Titilayo, Abimbola, Temitope, Adenike, Aisha, Hauwa, Zainab, Fatima, Hadiza, Amina, Blessing, Grace, Precious,
    Patience, Joy, Esther, Comfort, Chidinma, Uchenna, Obiageli, Ebere, Nkechi, Ronke, Bisi, Kemi, Tolulope,
    Omolara, Ijeoma`),
  surnames: list(`Okafor, Okonkwo, Okeke, Eze, Nwosu, Obi, Chukwu, Nwachukwu, Onyekachi, Adeyemi, Adebayo, Ogunleye,
    Olawale, Oyelaran, Bakare, Balogun, Adewale, Afolabi, Akinwale, Ogundipe, Oladipo, Ibrahim, Abubakar, Bello,
    Usman, Suleiman, Yakubu, Danjuma, Aliyu, Garba, Lawal, Mustapha, Okoro, Nnadi, Ikechukwu, Anyanwu, Agu, Ibe,
    Okoye, Chukwuma, Ekwueme, Obiora, Ogbonna, Nwankwo, Onuoha, Iwu, Emenike, Adeleke, Oyewole, Olaniyan, Ajayi,
    Ojo, Akande, Oni, Bamidele, Akinola, Ogunbiyi, Etim, Bassey, Effiong, Okon, Udoh, Ekpo, Essien`),
};

export const TR_NAMES: NameCulture = {
  male: list(`Mehmet, Mustafa, Ahmet, Ali, Hüseyin, Hasan, İbrahim, İsmail, Osman, Yusuf, Murat, Ömer, Ramazan,
    Halil, Süleyman, Abdullah, Mahmut, Recep, Salih, Fatih, Kadir, Emre, Burak, Can, Cem, Deniz, Serkan, Onur, Tolga,
    Volkan, Barış, Oğuz, Kaan, Umut, Selim, Levent, Erkan, Uğur, Koray, Gökhan`),
  female: list(`Fatma, Ayşe, Emine, Hatice, Zeynep, Elif, Meryem, Şerife, Zehra, Sultan, Hanife, Merve, Büşra, Esra,
    Özlem, Yasemin, Gül, Derya, Ebru, Sibel, Aslı, Pınar, Seda, Dilek, Nur, Songül, Hülya, Tuba, Gamze, Melike, Ece,
    İrem, Selin, Defne, Nazlı, Ceren, Buse, Damla, Tuğba, Çiğdem`),
  surnames: list(`Yılmaz, Kaya, Demir, Şahin, Çelik, Yıldız, Yıldırım, Öztürk, Aydın, Özdemir, Arslan, Doğan,
    Kılıç, Aslan, Çetin, Kara, Koç, Kurt, Özkan, Şimşek, Polat, Öz, Korkmaz, Karataş, Güneş, Bulut, Aktaş, Ünal,
    Keskin, Tekin, Turan, Özer, Aksoy, Kaplan, Bozkurt, Avcı, Tuncer, Işık, Güler, Ateş, Sarı, Gök, Çakır, Tan,
    Acar, Uysal, Sevim, Özgür, Altun, Bayram, Yavuz, Yücel, Kocabaş, Durmaz, Karakaya, Taş, Uçar, Coşkun, Güven,
    Tunç, Akın, Yaman, Sönmez, Ekinci, Başaran, Erdem, Oral`),
};
