// The "points" namespace in all 7 locales (files: locales/<lang>/points.json).
import zh from '../../locales/zh/points.json' with { type: 'json' };
import en from '../../locales/en/points.json' with { type: 'json' };
import hk from '../../locales/hk/points.json' with { type: 'json' };
import jp from '../../locales/jp/points.json' with { type: 'json' };
import kor from '../../locales/kor/points.json' with { type: 'json' };
import th from '../../locales/th/points.json' with { type: 'json' };
import ind from '../../locales/ind/points.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
