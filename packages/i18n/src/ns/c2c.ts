// The "c2c" namespace in all 7 locales (files: locales/<lang>/c2c.json).
import zh from '../../locales/zh/c2c.json' with { type: 'json' };
import en from '../../locales/en/c2c.json' with { type: 'json' };
import hk from '../../locales/hk/c2c.json' with { type: 'json' };
import jp from '../../locales/jp/c2c.json' with { type: 'json' };
import kor from '../../locales/kor/c2c.json' with { type: 'json' };
import th from '../../locales/th/c2c.json' with { type: 'json' };
import ind from '../../locales/ind/c2c.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
