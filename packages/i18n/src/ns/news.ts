// The "news" namespace in all 7 locales (files: locales/<lang>/news.json).
import zh from '../../locales/zh/news.json' with { type: 'json' };
import en from '../../locales/en/news.json' with { type: 'json' };
import hk from '../../locales/hk/news.json' with { type: 'json' };
import jp from '../../locales/jp/news.json' with { type: 'json' };
import kor from '../../locales/kor/news.json' with { type: 'json' };
import th from '../../locales/th/news.json' with { type: 'json' };
import ind from '../../locales/ind/news.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
