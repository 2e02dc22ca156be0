## Слова на картинках стола (bot/pictures): коротко и без эмодзи, значки рисуются.

pic-seat = Место { $number }
pic-to-act = { $count ->
    [one] Ходит: { $names }
   *[other] Ждём: { $names }
  }
pic-your-turn = Ваш ход
pic-your-cards = Ваши карты
pic-paused = Пауза
pic-abandoned = Игра прервана
pic-ai-plays = За вас играет ИИ
pic-alt-board = Стол игры «{ $game }» на картинке; в тексте выше сказано то же самое.
pic-alt-hand = Ваши карты в игре «{ $game }» на картинке; в тексте выше сказано то же самое.
pic-over = Игра окончена
pic-deck = Колода
pic-deck-count = Колода: { $count }
pic-points = очки
pic-total = всего

pic-thegame-minimum = Минимум { $minimum } · сыграно { $played }
pic-thegame-signal-big_jump = без скачков
pic-thegame-signal-dont_play = сюда не класть
pic-thegame-won = Сыграны все карты: победа!
pic-thegame-excellent = Отлично! { $count ->
    [one] Осталась { $count } карта
    [few] Остались { $count } карты
   *[many] Осталось { $count } карт
  }
pic-thegame-ordinary = Игра победила: { $count ->
    [one] осталась { $count } карта
    [few] остались { $count } карты
   *[many] осталось { $count } карт
  }
pic-thegame-burned = Стопка сгорела: { $count ->
    [one] осталась { $count } карта
    [few] остались { $count } карты
   *[many] осталось { $count } карт
  }

pic-mindup-round = Раунд { $round }/{ $rounds } · ход { $turn }/{ $turns }
pic-mindup-final = Коллекции последнего раунда
pic-mindup-central = Центральный ряд
pic-mindup-goals = { $count ->
    [one] Цель
   *[other] Цели
  }
pic-mindup-before = ранее: { $total }
pic-mindup-total = Всего: { $total }
pic-mindup-chosen = Ваша карта выбрана
pic-mindup-waiting = { $count ->
    [one] ждём ещё { $count } игрока
   *[other] ждём ещё { $count } игроков
  }
pic-mindup-choose = Ваш ход: выберите карту
pic-mindup-your-choice = Ваш выбор
pic-mindup-collection = Ваша коллекция · в этом раунде: { $points }

pic-genial-goal = Цель: по { $target } каждого цвета
pic-genial-series = Партия { $game } из { $games } · цель: по { $target } каждого цвета
pic-genial-over = { $count ->
    [one] Партия окончена
   *[other] Серия окончена
  }
pic-genial-game = Партия { $game }:
pic-genial-won = { $winners }: коллекция собрана полностью
pic-genial-stalled = Остановка без движения; лучше всех: { $winners }
pic-genial-deadlock = { $count ->
    [one] Тупиковая позиция; лучше всех: { $winners }
   *[other] Тупиковая позиция; лучше всех: { $winners } (поровну)
  }
pic-genial-reserve = В резерве: { $count }
pic-genial-centre = Центр
pic-genial-drawn = Зона сбора ({ $who })
pic-genial-bank = забрать: +{ $count }
pic-genial-sure-miss = Совпасть не может ни один цвет: следующее раскрытие — осечка
pic-genial-recycle = Резерв пуст: следующее раскрытие — осечка
pic-genial-odds = Следующий жетон совпадёт: { $percent } % —
pic-genial-alternative = или взять 1 из центра
pic-genial-bonus = Призовой ход
pic-genial-weakest = минимум: { $count }
pic-genial-points = очки: { $points }
pic-genial-yours = Ваша коллекция · минимум: { $count }
pic-genial-now-start = Ваш ход: раскройте жетон
pic-genial-now-drawing = Совпадение! Забрать или рискнуть ещё?
pic-genial-preview = В рамке — что добавит «Забрать»

pic-hourglass-round = Раунд { $round }
pic-hourglass-round-pass = Раунд { $round } · колода: круг { $current } из 2
pic-hourglass-empty = пусто
pic-hourglass-under = под ней
pic-hourglass-hand = в руке
pic-hourglass-pile = в копилке
pic-hourglass-score = Ваш счёт: { $score }
pic-hourglass-yours = ваш

pic-zero-round = Раунд { $round } из { $rounds }
pic-zero-lowest = побеждает меньшая сумма
pic-zero-market = Общий запас
pic-zero-laid = выкладывает { $who }
pic-zero-given = вы отдали
pic-zero-passes = Пасы
pic-zero-last-turns = Последние ходы: { $names }
pic-zero-last-hands = Карточки на руках в конце игры
pic-zero-now-zero = У вас «Зеро»: объявите его!
pic-zero-your-cards = Ваши карточки
pic-zero-now-turn = Ваш ход: отдайте карточку или спасуйте
pic-zero-now-take = Теперь возьмите карточку из запаса
pic-zero-is-zero = У вас «Зеро»!
pic-zero-score = Очки за руку: { $score }
pic-zero-toward = Путь к «Зеро»:

## /config images

config-images = Картинки стола на игровых полях и в личных панелях игроков: { $value }
cmd-config-images = картинки
cmd-config-images-desc = Картинки стола в сообщениях игр и в панели «Мои карты»
cmd-config-images-value = да — игры показываются и картинкой стола; нет — только текстом
