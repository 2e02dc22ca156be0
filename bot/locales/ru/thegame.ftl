thegame-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
  }
thegame-deck = Колода: { $count ->
    [0] пуста
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
  }
thegame-minimum = В этот ход: сыграть не меньше { $minimum ->
    [one] { $minimum } карты
   *[other] { $minimum } карт
  } (уже сыграно: { $played })
thegame-your-cards = Ваши карты: { $cards }
thegame-seat-cards = Карты: { $cards }
thegame-now-start = 👉 Ваш ход: сыграйте не меньше { $minimum ->
    [one] одной карты
   *[other] { $minimum } карт
  }, потом закончите ход.
thegame-now-more = 👉 Сыграйте ещё { $left ->
    [one] { $left } карту
    [few] { $left } карты
   *[many] { $left } карт
  }, и тогда можно будет закончить ход.
thegame-now-none = 👉 Ни одна ваша карта не подходит к стопкам: закончите ход.
hand-sits-out-thegame = Вы сыграли все свои карты: команда доиграет без вас.
thegame-now-enough = 👉 Обязательный минимум сыгран: положите ещё карту или закончите ход.
thegame-stop = Закончить ход
thegame-signal-dont_play = пожалуйста, не кладите сюда
thegame-signal-big_jump = осторожно, без больших скачков
thegame-signal-clear = (сигнал снят)
thegame-ev-play = { $who } кладёт { $card } на { $pile }
thegame-ev-trick = { $who } кладёт { $card } на { $pile } — обратный ход ровно на десять!
thegame-ev-turn-end = { $who } заканчивает ход: сыграно { $played }, взято { $drew }
thegame-ev-signal = { $who } о стопке { $pile }: { $signal }
thegame-ev-burning = 🔥 Стопка { $pile } горит ({ $card }): накройте её до конца следующего хода!
thegame-ev-burning-solo = 🔥 Стопка { $pile } горит ({ $card }): следующая же карта должна её накрыть!
thegame-ev-deck-empty = { $minimum ->
    [1] Колода закончилась: теперь за ход достаточно сыграть одну карту.
   *[other] Колода закончилась: за ход по-прежнему нужно сыграть { $minimum ->
        [one] { $minimum } карту
        [few] { $minimum } карты
       *[many] { $minimum } карт
    }, а если их осталось меньше — все.
  }
group-thegame-play = Сыграть карту…
group-thegame-extra = Подать сигнал команде…
result-thegame-won = 🎉 Вы обыграли игру: сыграны все карты!
result-thegame-excellent = Отлично! { $score ->
    [one] Осталась всего { $score } карта.
    [few] Остались всего { $score } карты.
   *[many] Осталось всего { $score } карт.
  }
result-thegame-ordinary = На этот раз игра оказалась сильнее: { $score ->
    [one] осталась { $score } карта.
    [few] остались { $score } карты.
   *[many] осталось { $score } карт.
  }
result-thegame-burned = 🔥 Стопка сгорела, команда проиграла ({ $score ->
    [one] осталась { $score } карта
    [few] остались { $score } карты
   *[many] осталось { $score } карт
  }).
illegal-minimum_not_met = Чтобы закончить ход, сначала сыграйте обязательный минимум карт.
illegal-no_such_seat = Вы не участвуете в этой игре.
opt-thegame-expert = Эксперт: не меньше трёх карт за ход
opt-thegame-smaller_hands = На одну карту меньше в руке
opt-thegame-on_fire = Дополнение «Игра с огнём»
opt-thegame-expert_endgame_min = Экспертный минимум и после конца колоды
opt-thegame-start_seat = Кто ходит первым
optkey-thegame-expert = эксперт
optkey-thegame-smaller_hands = меньше_карт
optkey-thegame-on_fire = огонь
optkey-thegame-expert_endgame_min = эксперт_до_конца
optkey-thegame-start_seat = первый_ход
rules-thegame = Все играют вместе против игры. Четыре стопки: две растут от 1, две убывают от 100. В свой ход сыграйте не меньше двух карт (когда колода кончится — одну): на растущую стопку — больше верхней карты, на убывающую — меньше. Обратный ход: карту ровно на 10 меньше верхней на растущую стопку (или на 10 больше — на убывающую) тоже можно класть. Потом доберите карты. Числа называть нельзя — пользуйтесь сигналами («пожалуйста, не кладите сюда»). Победа — когда сыграны все 98 карт; меньше 10 оставшихся — отличный результат.
