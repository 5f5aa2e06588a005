// The "home" namespace in all 7 locales (files: locales/<lang>/home.json).
import zh from '../../locales/zh/home.json' with { type: 'json' };
import en from '../../locales/en/home.json' with { type: 'json' };
import hk from '../../locales/hk/home.json' with { type: 'json' };
import jp from '../../locales/jp/home.json' with { type: 'json' };
import kor from '../../locales/kor/home.json' with { type: 'json' };
import th from '../../locales/th/home.json' with { type: 'json' };
import ind from '../../locales/ind/home.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
